// Codes from the switch-port logic → translated sentences. Each message is a literal t() call so
// extraction finds it; params are interpolated (cluster strings stay text, React escapes them).
import type { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { SwitchPortConfig } from '../../../shared/model/metal3';
import type {
  AppliedReading,
  ChangeTiming,
  ExplainedPhase,
  NetworkInterfacesReason,
  PhaseNetwork,
} from '../logic/ironicNetworking';
import { format, vlanSetOf } from '../logic/vlanSet';
import type { Finding, NicNote, PortPhase, VlanMismatch } from '../model/types';

export type TFunction = ReturnType<typeof usePluginTranslation>['t'];
type Params = Record<string, string | number>;

export function findingMessage(t: TFunction, code: string, p: Params): string {
  switch (code) {
    case 'hna.specMissing':
      return t('The attachment has no spec.');
    case 'hna.invalidMode':
      return t('Mode "{{value}}" is not one of {{allowed}}.', p);
    case 'hna.nativeVlanRequired':
      return t('A native VLAN (1–4094) is required.');
    case 'vlan.outOfRange':
      return t('"{{value}}" is outside the VLAN range {{min}}–{{max}}.', p);
    case 'hna.allowedVlansInAccessMode':
      return t(
        'Access mode carries only the native VLAN; remove the allowed VLANs or use trunk or hybrid mode.',
      );
    case 'hna.allowedVlansNotList':
      return t('Allowed VLANs must be a list.');
    case 'vlan.syntax':
      return t('"{{value}}" is not a VLAN id or a range like 200-203.', p);
    case 'vlan.reversedRange':
      return t('"{{value}}" is a reversed range: {{start}} is greater than {{end}}.', p);
    case 'vlan.singletonRange':
      return t('"{{value}}" is a range with equal ends; write the single id instead.', p);
    case 'vlan.overlap':
      return t('"{{value}}" overlaps "{{with}}"; the VLANs are listed twice.', p);
    case 'hna.allowedVlansRequired':
      return t(
        'Ironic requires allowed VLANs in {{mode}} mode; without them it refuses the port and the host cannot be deployed.',
        p,
      );
    case 'hna.nativeInAllowed':
      return t('The native VLAN {{vlan}} is also in the allowed list.', p);
    case 'hna.mtuOutOfRange':
      return t('MTU "{{value}}" is outside {{min}}–{{max}}.', p);
    case 'form.nameRequired':
      return t('A name is required.');
    case 'form.invalidName':
      return t('"{{value}}" is not a valid name: use lower-case letters, digits, "-" and ".".', p);
    case 'form.notInteger':
      return t('"{{value}}" is not a whole number.', p);
    case 'form.usernameRequired':
      return t('A username is required.');
    case 'form.credentialRequired':
      return t('A password or private key is required.');
    case 'form.secretExists':
      return t(
        'Secret {{namespace}}/{{name}} already exists; choose another name so it is not overwritten.',
        p,
      );
    case 'bms.addressRequired':
      return t('The switch address is required.');
    case 'bms.macRequired':
      return t('The switch management MAC address is required.');
    case 'bms.invalidMac':
      return t('"{{value}}" is not a MAC address like 08:05:e2:7d:0a:20.', p);
    case 'bms.deviceTypeRequired':
      return t('The device type is required (for example netmiko_juniper_junos).');
    case 'bms.unsupportedDriver':
      return t('Driver "{{value}}" is not supported; use generic-switch.', p);
    case 'bms.portOutOfRange':
      return t('Port "{{value}}" is outside {{min}}–{{max}}.', p);
    case 'bms.credentialsRequired':
      return t('A credentials Secret is required.');
    case 'bms.crossNamespaceCredentials':
      return t(
        'Credentials must be in the namespace of the switch ({{namespace}}), not {{value}}.',
        p,
      );
    case 'bms.credentialsSecretMissing':
      return t('Secret {{namespace}}/{{name}} does not exist.', p);
    case 'bms.credentialsIncomplete':
      return t('Secret {{name}} lacks {{missing}}.', p);
    case 'bms.insecure':
      return t('Certificate verification is disabled.');
    default:
      return code;
  }
}

export function findingText(t: TFunction, f: Finding): string {
  return findingMessage(t, f.code, f.params);
}

export function noteText(t: TFunction, n: NicNote): string {
  const p = n.params;
  switch (n.code) {
    case 'bmh.noHardwareData':
      return t('No hardware data yet for {{host}}: NICs appear after inspection.', p);
    case 'nic.noSwitchPort':
      return t('No switch port known (no LLDP data and no switchPort override).');
    case 'nic.unknownSwitch':
      return t('Switch {{switchID}} is not a BareMetalSwitch on this cluster.', p);
    case 'nic.noAttachment':
      return t('No HostNetworkAttachment: the port keeps the provider network configuration.');
    case 'networkInterface.unmatched':
      return t('networkInterfaces[{{index}}] ({{name}}) matches no inspected NIC.', p);
    case 'networkInterface.ambiguous':
      return t('networkInterfaces[{{index}}] ({{name}}) matches more than one NIC.', p);
    default:
      return n.code;
  }
}

export function mismatchText(t: TFunction, m: VlanMismatch): string {
  const p = m.params;
  const nad = m.consumer?.kind === 'nad';
  switch (m.code) {
    case 'vlan.notAllowedOnPort':
      return nad
        ? t(
            'VLAN {{vlan}} used by NAD {{consumer}} ({{via}}) is not allowed on port {{port}} of switch {{switch}}.',
            p,
          )
        : t(
            'VLAN {{vlan}} used by policy {{consumer}} ({{via}}) is not allowed on port {{port}} of switch {{switch}}.',
            p,
          );
    case 'vlan.accessModeTagged':
      return nad
        ? t(
            'VLAN {{vlan}} used by NAD {{consumer}} ({{via}}) is tagged, but port {{port}} of switch {{switch}} is in access mode.',
            p,
          )
        : t(
            'VLAN {{vlan}} used by policy {{consumer}} ({{via}}) is tagged, but port {{port}} of switch {{switch}} is in access mode.',
            p,
          );
    case 'vlan.notSeenByLldp':
      return nad
        ? t(
            'VLAN {{vlan}} used by NAD {{consumer}} is not announced by LLDP on {{nic}} of node {{node}}.',
            p,
          )
        : t(
            'VLAN {{vlan}} used by policy {{consumer}} is not announced by LLDP on {{nic}} of node {{node}}.',
            p,
          );
    case 'port.noAttachment':
      return t(
        '{{nic}} of node {{node}} carries VLANs but its port has no HostNetworkAttachment.',
        p,
      );
    case 'port.unknownSwitch':
      return t(
        '{{nic}} of node {{node}} is cabled to {{switch}}, which is not a BareMetalSwitch.',
        p,
      );
    case 'node.noHost':
      return t(
        'Node {{node}} is not matched to a BareMetalHost; its switch ports cannot be checked.',
        p,
      );
    case 'nic.noSwitchPort':
      return t('{{nic}} of node {{node}} has no known switch port.', p);
    default:
      return m.code;
  }
}

export function phaseLabel(t: TFunction, phase: PortPhase): string {
  switch (phase) {
    case 'idle':
      return t('Idle');
    case 'inspection':
      return t('Inspection');
    case 'provisioning':
      return t('Provisioning');
    case 'cleaning':
      return t('Cleaning');
    case 'servicing':
      return t('Servicing');
    case 'rescuing':
      return t('Rescuing');
    case 'tenant':
      return t('Tenant');
    default:
      return t('Unknown');
  }
}

/** What a phase means for the host and its ports (Ironic standalone networking docs, BMO). */
export function phaseMeaning(t: TFunction, phase: ExplainedPhase): string {
  switch (phase) {
    case 'idle':
      return t(
        'The host is enrolled but not in use (registering, available, or deprovisioned without cleaning). Ironic keeps the port on the idle network, which must reach the Ironic API; ports start there before enrollment.',
      );
    case 'inspection':
      return t(
        'The inspection agent boots and reports the NICs and their LLDP neighbours into HardwareData.',
      );
    case 'provisioning':
      return t(
        'The host is being deployed: it boots over PXE or virtual media and the image is written. At the end of the deploy Ironic moves each port to its tenant configuration.',
      );
    case 'tenant':
      return t(
        'The host is deployed. Each port carries the configuration BMO wrote into the Ironic port before the deploy (the Applied column); a port without an attachment goes back to idle.',
      );
    case 'cleaning':
      return t(
        'Automated cleaning after deprovisioning (unless automatedCleaningMode is disabled) and manual cleaning while preparing.',
      );
    case 'servicing':
      return t('Service steps (for example firmware updates) on a deployed host.');
    case 'rescuing':
      return t(
        'Ironic rescue mode. baremetal-operator never rescues a host, so this network is not used by Metal3.',
      );
  }
}

export function phaseNetworkText(t: TFunction, network: PhaseNetwork): string {
  switch (network.kind) {
    case 'tenant':
      return t('Per port: its HostNetworkAttachment');
    case 'unknown':
      return t('Not known: no Ironic resource with the networking service enabled');
    case 'notConfigured':
      return t('Not configured in the Ironic resource');
    case 'configured':
      return switchPortConfigText(t, network.config);
  }
}

export function switchPortConfigText(t: TFunction, c: Partial<SwitchPortConfig>): string {
  const parts = [
    t('{{mode}}, native {{native}}', { mode: c.mode ?? '-', native: c.nativeVLAN ?? '-' }),
  ];
  if (c.allowedVLANs && c.allowedVLANs.length > 0)
    parts.push(t('allowed {{list}}', { list: format(vlanSetOf(c.allowedVLANs)) }));
  if (c.mtu !== undefined) parts.push(t('MTU {{mtu}}', { mtu: c.mtu }));
  return parts.join('; ');
}

/** The NetworkInterfacesValid reasons of BMO PR #3470 (baremetalhost_network.go). */
export function networkInterfacesReasonText(t: TFunction, reason: NetworkInterfacesReason): string {
  switch (reason) {
    case 'HardwareInspectionIncomplete':
      return t('Waiting for inspection: the interfaces are checked against HardwareData.');
    case 'InvalidInterfaceNames':
      return t('An interface in spec.networkInterfaces is not a NIC inspection found.');
    case 'AttachmentNamespaceDenied':
      return t(
        'An attachment is in a namespace BMO does not allow. BMO accepts HostNetworkAttachments only from the namespaces it watches (WATCH_NAMESPACE); a BMO watching every namespace accepts any.',
      );
    case 'AttachmentNotFound':
      return t('A referenced HostNetworkAttachment does not exist.');
    case 'AllInterfacesValid':
      return t('All network interfaces and attachments are valid.');
    case 'other':
      return t('Reported by the controller:');
  }
}

export function appliedReadingText(t: TFunction, reading: AppliedReading): string {
  switch (reading) {
    case 'onSwitch':
      return t('On the switch now');
    case 'atDeployEnd':
      return t('Applied when the deploy finishes');
    case 'atNextDeploy':
      return t('Stored in Ironic; applied at the next deploy');
  }
}

export function changeTimingText(t: TFunction, timing: ChangeTiming): string {
  switch (timing) {
    case 'nextDeploy':
      return t(
        'BMO writes the change into the Ironic port now; it reaches the switch when the host is next deployed.',
      );
    case 'whenAvailable':
      return t(
        'BMO writes the change into the Ironic port when the host reaches available; it reaches the switch at the next deploy.',
      );
    case 'afterDeprovision':
      return t(
        'This host is deployed. Its switch ports keep their current configuration: the change reaches the switch only after the host is deprovisioned back to available and deployed again. Reconfiguring a deployed host is not supported upstream.',
      );
    case 'whenRegistered':
      return t(
        'The host has no Ironic node yet; the change is written once it registers and reaches the switch at its first deploy.',
      );
  }
}
