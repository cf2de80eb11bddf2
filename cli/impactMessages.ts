// English messages of the switch-port impact check (src/features/switch-ports/logic/portImpact)
// for the command line; the console translates the same codes (PortImpactPanel.tsx).
import type { PortImpactCode } from '../src/features/switch-ports/logic/portImpact';

export const IMPACT_MESSAGES: Record<PortImpactCode, string> = {
  'impact.vlanDropped':
    '{nic} no longer carries VLAN {vlans}, which {consumerKind} {consumer} uses ({via}); attachment {attachment} does not allow it',
  'impact.vlanNotAllowed':
    'VLAN {vlans}, which {consumerKind} {consumer} needs on {nic} ({via}), is not carried by attachment {attachment}',
  'impact.vlanAdded':
    'attachment {attachment} lets VLAN {vlans} through for {consumerKind} {consumer} ({via}) on {nic}',
  'impact.bondPeerMismatch':
    '{nic} and {peer} are members of bond {bond} but {peer} is on attachment {peerAttachment}: bond members must carry the same VLANs',
  'impact.provisioningVlanDropped':
    '{nic} is the boot NIC (spec.bootMACAddress) and no longer carries its provisioning VLAN {vlan} untagged',
  'impact.crossNamespace':
    "attachment {attachment} is in namespace {namespace}, not the host's ({hostNamespace}): baremetal-operator denies namespaces it does not watch (NetworkInterfacesValid reason AttachmentNamespaceDenied) and the referenced attachment becomes immutable for its own namespace",
  'impact.noSwitchPort':
    '{nic} has no known switch port (no LLDP data, no switchPort override): Ironic cannot configure it',
  'impact.unknownSwitch':
    '{nic} is cabled to switch {switchID}, which no BareMetalSwitch among the inputs describes',
  'impact.attachmentNotFound':
    'attachment {attachment} is not among the inputs (NetworkInterfacesValid reason AttachmentNotFound)',
  'impact.noNode': 'host {host} runs no node among the inputs; its VLAN needs are not checked',
};
