// Translations of the interface-kind finding codes (logic/validateInterfaceKinds.ts), kept apart
// from messages.ts so the kinds of issue 24 live in their own files. One literal t() per code.
import type { TFunction } from './messages';

type P = Record<string, string | number>;

export const getInterfaceKindMessage = (t: TFunction, code: string, p: P): string | undefined => {
  switch (code) {
    case 'vxlan.id.required':
      return t('A VXLAN needs an id');
    case 'vxlan.id.invalid':
      return t('VXLAN id "{{value}}" must be from 0 to {{max}}', p);
    case 'vxlan.address.invalid':
      return t('"{{address}}" is not an IP address', p);
    case 'vxlan.port.invalid':
      return t('Destination port "{{value}}" must be from 0 to {{max}}', p);
    case 'ipvlan.baseIface.required':
      return t('A new IPVLAN needs a base interface');
    case 'ipvlan.mode.invalid':
      return t('"{{mode}}" is not an IPVLAN mode', p);
    case 'ipvlan.privateAndVepa':
      return t('Private and VEPA cannot both be on');
    case 'vrf.routeTableId.invalid':
      return t('Route table "{{value}}" must be a whole number up to {{max}}', p);
    case 'vrf.routeTableId.required':
      return t('A new VRF needs a route table ID other than 0');
    case 'infiniband.mode.required':
      return t('An InfiniBand interface needs a mode');
    case 'infiniband.mode.invalid':
      return t('"{{mode}}" is not an InfiniBand mode', p);
    case 'infiniband.pkey.required':
      return t('An InfiniBand interface needs a P_Key');
    case 'infiniband.pkey.invalid':
      return t('P_Key "{{value}}" must be from 0 to 0xffff', p);
    case 'macvtap.baseIface.required':
      return t('A MAC-VTAP needs a base interface');
    case 'macvtap.mode.required':
      return t('A MAC-VTAP needs a mode');
    case 'macvtap.mode.invalid':
      return t('"{{mode}}" is not a MAC-VTAP mode', p);
    case 'macvtap.promiscuous.passthruOnly':
      return t('Promiscuous can be turned off only in passthru mode');
    case 'veth.peer.required':
      return t('A new veth needs a peer');
    case 'ovs.patch.peer.required':
      return t('An OVS patch port needs a peer');
    case 'ovs.patch.mtu':
      return t('An OVS patch port cannot have an MTU');
    case 'ovs.patch.ip':
      return t('An OVS patch port cannot have IP settings');
    case 'ovs.dpdk.devargs.required':
      return t('A DPDK port needs devargs');
    case 'ovs.dpdk.desc.invalid':
      return t('{{key}} "{{value}}" must be 0 or a power of two up to {{max}}', p);
    case 'ovs.bond.mode.invalid':
      return t('"{{mode}}" is not an OVS bond mode', p);
    case 'ovn.reservedExternalId':
      return t('ovn-bridge-mappings is set through the ovn section, not ovs-db');
    case 'ovn.localnet.required':
      return t('An OVN bridge mapping needs a localnet');
    case 'ovn.localnet.duplicate':
      return t('Localnet "{{localnet}}" is mapped twice', p);
    case 'ovn.bridge.required':
      return t('The mapping of localnet "{{localnet}}" needs a bridge', p);
    default:
      return undefined;
  }
};
