// Translations of the codes logic/validateSettings.ts returns. One literal t() per code so
// extraction finds every string; messages.ts falls back to this for codes it does not know.
import type { Finding } from '../model/finding';
import type { TFunction } from './messages';

export const getSettingsFindingMessage = (t: TFunction, finding: Finding): string | undefined => {
  const p: Record<string, string | number> = finding.params ?? {};
  switch (finding.code) {
    case 'ip.auto.ignored':
      return t('"{{key}}" only applies with DHCP on; nmstate ignores it here', p);
    case 'ip.auto.ignoredV6':
      return t('"{{key}}" only applies with DHCPv6 or autoconf on; nmstate ignores it here', p);
    case 'ip.dhcpClientId.ignored':
      return t('The DHCP client ID only applies with DHCP on; nmstate ignores it here');
    case 'ip.autoRouteTableId.invalid':
      return t('Route table "{{value}}" must be a whole number from 0 to 4294967295', p);
    case 'ip.addrGenMode.other':
      return t(
        'Address generation mode "{{value}}" is neither eui64 nor stable-privacy: NetworkManager reads it as a number, else uses eui64',
        p,
      );
    case 'ethtool.feature.alias':
      return t('"{{name}}" is applied as the kernel feature "{{kernel}}"', p);
    case 'ethtool.feature.aliasConflict':
      return t('"{{name}}" and "{{kernel}}" are the same feature; "{{name}}" wins', p);
    case 'sriov.vf.idOutOfRange':
      return t(
        'VF {{id}} does not exist with {{total}} VFs (IDs start at 0); nmstate drops its settings',
        p,
      );
    case 'sriov.vf.duplicateId':
      return t('VF {{id}} is configured twice', p);
    case 'sriov.vf.qinqWithoutVlan':
      return t('VLAN protocol 802.1ad needs a VLAN ID or QoS other than 0');
    case 'route.weight.range':
      return t('Weight "{{value}}" must be a whole number from 1 to 256', p);
    case 'route.weight.ipv6':
      return t('nmstate does not support weights on IPv6 routes yet');
    case 'route.source.invalid':
      return t('Source "{{address}}" is not an IP address', p);
    case 'routeRule.ip.invalid':
      return t('"{{value}}" is not an IP address or network', p);
    case 'routeRule.family.invalid':
      return t('Family "{{value}}" is not ipv4 or ipv6', p);
    case 'routeRule.familyMismatch':
      return t('The address is not of family {{family}}', p);
    case 'routeRule.selector.required':
      return t('A rule needs a source, a destination or a family');
    case 'routeRule.priority.range':
      return t(
        'Priority "{{value}}" must be -1 (automatic) or a whole number from 0 to 4294967295',
        p,
      );
    case 'routeRule.u32.invalid':
      return t('{{key}} "{{value}}" must be a whole number from 0 to 4294967295', p);
    case 'routeRule.fwmask.withoutFwmark':
      return t('A firewall mask needs a firewall mark');
    case 'routeRule.action.invalid':
      return t('Action "{{value}}" is not one of blackhole, unreachable or prohibit', p);
    case 'routeRule.table.main':
      return t('No action and no table: the rule looks up the main table (254)');
    case 'dns.option.unsupported':
      return t('nmstate does not support the DNS option "{{option}}"', p);
    case 'dns.option.noValue':
      return t('The DNS option "{{option}}" takes no value', p);
    case 'dns.option.needsValue':
      return t('The DNS option "{{option}}" needs a value, e.g. {{option}}:2', p);
    case 'hostname.invalid':
      return t('Hostname "{{hostname}}" is longer than {{max}} bytes', p);
    default:
      return undefined;
  }
};
