// Starting points for the editor: a new NAD's config, and the form values a plugin or IPAM type
// starts with when the user switches to it. Kept minimal on purpose: every key written here ends
// up in the user's config, so only keys the plugin needs (or that avoid a documented pitfall)
// are filled in.
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type { FormPluginType, IpamFormValues, PluginFormValues } from '../model/form';
import { applyNadFormValues, toNadFormValues } from './form';
import { OVN_TYPE } from './validatePlugins';

export type IpamFormType = Exclude<IpamFormValues['type'], 'other'>;

export function getDefaultPluginValues(
  type: FormPluginType,
  nad: { namespace: string; name: string },
): PluginFormValues {
  switch (type) {
    case 'bridge':
      return {
        type,
        bridge: '',
        vlan: undefined,
        mtu: undefined,
        isGateway: undefined,
        isDefaultGateway: undefined,
        ipMasq: undefined,
        hairpinMode: undefined,
        promiscMode: undefined,
        macspoofchk: undefined,
        preserveDefaultVlan: undefined,
      };
    case 'macvlan':
      return { type, master: '', mode: 'bridge', mtu: undefined };
    case 'ipvlan':
      return { type, master: '', mode: 'l2', mtu: undefined };
    case 'vlan':
      return { type, master: '', vlanId: undefined, mtu: undefined };
    case 'host-device':
      return { type, device: '', hwaddr: '', kernelpath: '', pciBusID: '' };
    case 'sriov':
      return {
        type,
        resourceName: '',
        vlan: undefined,
        vlanQoS: undefined,
        spoofchk: '',
        trust: '',
        linkState: '',
        minTxRate: undefined,
        maxTxRate: undefined,
      };
    case OVN_TYPE:
      return {
        type,
        topology: 'layer2',
        netAttachDefName: `${nad.namespace}/${nad.name}`,
        subnets: [],
        excludeSubnets: [],
        mtu: undefined,
        vlanID: undefined,
        physicalNetworkName: '',
        allowPersistentIPs: undefined,
        role: '',
      };
  }
}

export function getDefaultIpamValues(type: IpamFormType): IpamFormValues {
  switch (type) {
    case 'none':
      return { type };
    case 'host-local':
      return {
        type,
        rangeSets: [[{ subnet: '', rangeStart: '', rangeEnd: '', gateway: '' }]],
        routes: [],
        dataDir: '',
      };
    case 'static':
      return {
        type,
        addresses: [{ address: '', gateway: '' }],
        routes: [],
        dns: { nameservers: [], domain: '', search: [] },
      };
    case 'dhcp':
      return { type };
    case 'whereabouts':
      return {
        type,
        range: { range: '', rangeStart: '', rangeEnd: '', exclude: [] },
        ipRanges: [],
        networkName: '',
        enableOverlappingRanges: undefined,
        gateway: '',
        routes: [],
      };
  }
}

/** A new NAD with a single macvlan config; the form then edits it like any existing one. */
export function buildNewNad(namespace: string, name: string): NetworkAttachmentDefinition {
  const config = {
    cniVersion: '0.3.1',
    name,
    type: 'macvlan',
    mode: 'bridge',
    ipam: {},
  };
  return {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { name, namespace },
    spec: { config: JSON.stringify(config, null, 2) },
  };
}

/**
 * Renames a NAD being created. Config values that followed the old name (the config `name` and
 * OVN's `netAttachDefName`) follow the new one, so a fresh NAD never starts with the mismatch the
 * validator warns about; values the user set differently are left alone.
 */
export function renameNewNad(
  nad: NetworkAttachmentDefinition,
  name: string,
  namespace: string = nad.metadata.namespace,
): NetworkAttachmentDefinition {
  const old = nad.metadata;
  const renamed: NetworkAttachmentDefinition = { ...nad, metadata: { ...old, name, namespace } };
  const form = toNadFormValues(nad);
  if (!form.ok) return renamed;
  const values = { ...form.values };
  if (values.networkName === old.name) values.networkName = name;
  if (
    values.plugin.type === OVN_TYPE &&
    values.plugin.netAttachDefName === `${old.namespace}/${old.name}`
  )
    values.plugin = { ...values.plugin, netAttachDefName: `${namespace}/${name}` };
  const applied = applyNadFormValues(renamed, values);
  return applied.ok ? applied.nad : renamed;
}
