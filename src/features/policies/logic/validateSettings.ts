// Validation of the settings the form's settings parts edit (model/policyFormSettings.ts): IP
// auto-* options, route weight/source, route rules, DNS options, ethtool, SR-IOV and the
// hostname. Each rule follows nmstate 2.2 (nmstate/nmstate rust/src/lib/…, cited per rule);
// the strict key/type check of the same sections is nmpolicy/keys.ts. Returns codes only.
import type { NetworkState } from '../../../shared/model/nmstate';
import { parseCidr, parseIp } from '../../../shared/net/cidr';
import type { Finding } from '../model/finding';
import { ROUTE_RULE_ACTIONS, ROUTE_RULE_FAMILIES } from '../model/policyFormSettings';

type Obj = Record<string, unknown>;
type Add = (f: Finding) => void;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const TEMPLATE = /\{\{.*?\}\}/;
const isTemplate = (v: unknown): boolean => typeof v === 'string' && TEMPLATE.test(v);
const show = (v: unknown): string => {
  if (typeof v === 'string') return v;
  // JSON.stringify returns undefined for undefined despite its declared type.
  const json = JSON.stringify(v) as string | undefined;
  return json ?? 'undefined';
};
const U32_MAX = 0xffffffff;

/** deserializer.rs `*_bool_or_string`: true, false and their string spellings. */
const asBool = (v: unknown): boolean | undefined => {
  if (typeof v === 'boolean') return v;
  if (typeof v !== 'string') return undefined;
  const s = v.toLowerCase();
  if (['true', 'yes', 'on', '1', 'y'].includes(s)) return true;
  if (['false', 'no', 'off', '0', 'n'].includes(s)) return false;
  return undefined;
};

/** deserializer.rs `*_u32_or_string` / `*_i64_or_string`: a number or its decimal/hex text. */
const asInt = (v: unknown): number | undefined => {
  if (typeof v === 'number') return Number.isInteger(v) ? v : undefined;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  if (typeof v === 'string' && /^0x[0-9a-f]+$/i.test(v.trim())) return Number(v.trim());
  return undefined;
};

/** ip.rs `InterfaceIp` keys nmstate drops unless DHCP (IPv4) or DHCP/autoconf (IPv6) is on. */
export const IP_AUTO_KEYS = [
  'auto-dns',
  'auto-routes',
  'auto-gateway',
  'auto-route-table-id',
  'auto-route-metric',
] as const;

/** ip.rs `Ipv6AddrGenMode` variants with a name; anything else is backend specific. */
const ADDR_GEN_MODE_NAMES = ['eui64', 'EUI64', 'stable-privacy', 'STABLE-PRIVACY'];

const validateIp = (ip: unknown, v6: boolean, path: string, add: Add): void => {
  if (!isObj(ip)) return;
  const enabled = ip.enabled === undefined ? true : asBool(ip.enabled);
  const dhcp = asBool(ip.dhcp) === true;
  const autoconf = v6 && asBool(ip.autoconf) === true;
  // ip.rs `InterfaceIpv4::sanitize` clears the auto-* options when `dhcp` is not true, and
  // `InterfaceIpv6::sanitize` when neither `dhcp` nor `autoconf` is (`is_auto`).
  const auto = enabled !== false && (dhcp || autoconf);
  if (!auto && !isTemplate(ip.dhcp) && !isTemplate(ip.autoconf))
    for (const key of IP_AUTO_KEYS)
      if (ip[key] !== undefined)
        add({
          severity: 'warning',
          code: v6 ? 'ip.auto.ignoredV6' : 'ip.auto.ignored',
          path: `${path}.${key}`,
          params: { key },
        });
  // ip.rs `InterfaceIpv4::sanitize`: `dhcp-client-id` is ignored, with a warning, without DHCPv4.
  if (!v6 && ip['dhcp-client-id'] !== undefined && !dhcp && !isTemplate(ip.dhcp))
    add({
      severity: 'warning',
      code: 'ip.dhcpClientId.ignored',
      path: `${path}.dhcp-client-id`,
    });
  const table = ip['auto-route-table-id'];
  if (table !== undefined && !isTemplate(table)) {
    const n = asInt(table);
    if (n === undefined || n < 0 || n > U32_MAX)
      add({
        severity: 'error',
        code: 'ip.autoRouteTableId.invalid',
        path: `${path}.auto-route-table-id`,
        params: { value: show(table) },
      });
  }
  const mode = ip['addr-gen-mode'];
  if (v6 && typeof mode === 'string' && !isTemplate(mode) && !ADDR_GEN_MODE_NAMES.includes(mode))
    // ip.rs `Ipv6AddrGenMode::Other`: a backend-specific value; NetworkManager
    // (nm/settings/ip.rs `nmstate_addr_gen_mode_to_nm`) reads it as a number, else uses eui64.
    add({
      severity: /^-?\d+$/.test(mode) ? 'info' : 'warning',
      code: 'ip.addrGenMode.other',
      path: `${path}.addr-gen-mode`,
      params: { value: mode },
    });
};

/** ifaces/ethtool.rs `ETHTOOL_FEATURE_CLI_ALIAS`: ethtool CLI names nmstate renames. */
export const ETHTOOL_FEATURE_ALIASES: Readonly<Record<string, string>> = {
  rx: 'rx-checksum',
  'rx-checksumming': 'rx-checksum',
  ufo: 'tx-udp-fragmentation',
  gso: 'tx-generic-segmentation',
  'generic-segmentation-offload': 'tx-generic-segmentation',
  gro: 'rx-gro',
  'generic-receive-offload': 'rx-gro',
  lro: 'rx-lro',
  'large-receive-offload': 'rx-lro',
  rxvlan: 'rx-vlan-hw-parse',
  'rx-vlan-offload': 'rx-vlan-hw-parse',
  txvlan: 'tx-vlan-hw-insert',
  'tx-vlan-offload': 'tx-vlan-hw-insert',
  ntuple: 'rx-ntuple-filter',
  'ntuple-filters': 'rx-ntuple-filter',
  rxhash: 'rx-hashing',
  'receive-hashing': 'rx-hashing',
};

const validateEthtool = (ethtool: unknown, path: string, add: Add): void => {
  if (!isObj(ethtool)) return;
  const features = ethtool.feature;
  if (isObj(features))
    for (const name of Object.keys(features)) {
      const kernel = ETHTOOL_FEATURE_ALIASES[name];
      // ethtool.rs `apply_feature_alias`: the CLI name is applied as the kernel name, and
      // replaces a kernel-name entry given too.
      if (kernel !== undefined)
        add({
          severity: Object.prototype.hasOwnProperty.call(features, kernel) ? 'warning' : 'info',
          code: Object.prototype.hasOwnProperty.call(features, kernel)
            ? 'ethtool.feature.aliasConflict'
            : 'ethtool.feature.alias',
          path: `${path}.feature.${name}`,
          params: { name, kernel },
        });
    }
};

/** ifaces/sriov.rs: VF ids against `total-vfs`, and 802.1ad needing a VLAN id or QoS. */
const validateSriov = (sriov: unknown, path: string, add: Add): void => {
  if (!isObj(sriov) || !Array.isArray(sriov.vfs)) return;
  const total = asInt(sriov['total-vfs']);
  const seen = new Set<number>();
  (sriov.vfs as unknown[]).forEach((vf, i) => {
    const vp = `${path}.vfs[${i}]`;
    if (!isObj(vf)) return;
    const id = asInt(vf.id);
    if (id === undefined) return;
    // sriov.rs `auto_fill_unmentioned_vf_id` builds `total-vfs` VF entries and silently drops
    // a VF whose id does not fit: its settings would never reach the card.
    if (total !== undefined && id >= total)
      add({
        severity: 'error',
        code: 'sriov.vf.idOutOfRange',
        path: `${vp}.id`,
        params: { id, total },
      });
    // The same fill puts each VF at the index of its id: a second VF with that id replaces it.
    if (seen.has(id))
      add({ severity: 'error', code: 'sriov.vf.duplicateId', path: `${vp}.id`, params: { id } });
    seen.add(id);
    // sriov.rs `SrIovConfig::sanitize`.
    if (
      vf['vlan-proto'] === '802.1ad' &&
      (asInt(vf['vlan-id']) ?? 0) === 0 &&
      (asInt(vf.qos) ?? 0) === 0
    )
      add({ severity: 'error', code: 'sriov.vf.qinqWithoutVlan', path: `${vp}.vlan-proto` });
  });
};

const isIpv6Text = (s: string): boolean => s.includes(':');

const validateRouteExtras = (desired: NetworkState, add: Add): void => {
  const config: unknown = desired.routes?.config;
  if (!Array.isArray(config)) return;
  config.forEach((r: unknown, i) => {
    if (!isObj(r)) return;
    const path = `spec.desiredState.routes.config[${i}]`;
    const weight = r.weight;
    if (weight !== undefined && !isTemplate(weight)) {
      const w = asInt(weight);
      // route.rs `RouteEntry::sanitize`: 1..=256, and not on IPv6 routes (not supported yet).
      if (w === undefined || w < 1 || w > 256)
        add({
          severity: 'error',
          code: 'route.weight.range',
          path: `${path}.weight`,
          params: { value: show(weight) },
        });
      else if (typeof r.destination === 'string' && isIpv6Text(r.destination))
        add({ severity: 'error', code: 'route.weight.ipv6', path: `${path}.weight` });
    }
    const source = r.source;
    // route.rs `RouteEntry::sanitize`: `source` must parse as an IP address.
    if (source !== undefined && !isTemplate(source) && !parseIp(source).ok)
      add({
        severity: 'error',
        code: 'route.source.invalid',
        path: `${path}.source`,
        params: { address: show(source) },
      });
  });
};

const validateRouteRules = (desired: NetworkState, add: Add): void => {
  const rr = (desired as Obj)['route-rules'];
  if (!isObj(rr) || !Array.isArray(rr.config)) return;
  (rr.config as unknown[]).forEach((rule, i) => {
    const path = `spec.desiredState.route-rules.config[${i}]`;
    if (!isObj(rule)) return;
    const absent = rule.state === 'absent';
    const familyOf = (key: 'ip-from' | 'ip-to'): number | undefined => {
      const v = rule[key];
      if (typeof v !== 'string' || v === '' || isTemplate(v)) return undefined;
      const c = parseCidr(v.includes('/') ? v : `${v}/${isIpv6Text(v) ? 128 : 32}`);
      if (!c.ok) {
        // route_rule.rs `sanitize` → `sanitize_ip_network`.
        add({
          severity: 'error',
          code: 'routeRule.ip.invalid',
          path: `${path}.${key}`,
          params: { value: v },
        });
        return undefined;
      }
      return c.value.family;
    };
    const from = familyOf('ip-from');
    const to = familyOf('ip-to');
    const family = rule.family;
    if (family !== undefined && !isTemplate(family)) {
      const want = family === 'ipv6' ? 6 : family === 'ipv4' ? 4 : undefined;
      if (!(ROUTE_RULE_FAMILIES as readonly unknown[]).includes(family))
        add({
          severity: 'error',
          code: 'routeRule.family.invalid',
          path: `${path}.family`,
          params: { value: show(family) },
        });
      // route_rule.rs `validate_ip_from_to`: ip-from/ip-to must be of the family given.
      for (const [key, f] of [
        ['ip-from', from],
        ['ip-to', to],
      ] as const)
        if (want !== undefined && f !== undefined && f !== want)
          add({
            severity: 'error',
            code: 'routeRule.familyMismatch',
            path: `${path}.${key}`,
            params: { family: family as string },
          });
    }
    if (from !== undefined && to !== undefined && from !== to && family === undefined)
      // `sanitize` takes the family from ip-from, then checks ip-to against it.
      add({
        severity: 'error',
        code: 'routeRule.familyMismatch',
        path: `${path}.ip-to`,
        params: { family: from === 6 ? 'ipv6' : 'ipv4' },
      });
    // Absent rules are matched against the current ones and never sanitized (route_rule.rs
    // `MergedRouteRules::new`), so the rules below only bind rules being added.
    if (absent) return;
    const empty = (v: unknown): boolean => v === undefined || v === '';
    if (empty(rule['ip-from']) && empty(rule['ip-to']) && family === undefined)
      add({ severity: 'error', code: 'routeRule.selector.required', path });
    const priority = rule.priority;
    if (priority !== undefined && !isTemplate(priority)) {
      const p = asInt(priority);
      // route_rule.rs `USE_DEFAULT_PRIORITY` is -1; NetworkManager keeps the priority as u32
      // (nm/settings/route_rule.rs).
      if (p === undefined || p < -1 || p > U32_MAX)
        add({
          severity: 'error',
          code: 'routeRule.priority.range',
          path: `${path}.priority`,
          params: { value: show(priority) },
        });
    }
    for (const key of ['route-table', 'fwmark', 'fwmask'] as const) {
      const v = rule[key];
      if (v === undefined || isTemplate(v)) continue;
      const n = asInt(v);
      if (n === undefined || n < 0 || n > U32_MAX)
        add({
          severity: 'error',
          code: 'routeRule.u32.invalid',
          path: `${path}.${key}`,
          params: { key, value: show(v) },
        });
    }
    // route_rule.rs `validate_fwmark_and_fwmask`.
    if (rule.fwmask !== undefined && rule.fwmark === undefined)
      add({ severity: 'error', code: 'routeRule.fwmask.withoutFwmark', path: `${path}.fwmask` });
    const action = rule.action;
    if (action !== undefined && !isTemplate(action)) {
      if (!(ROUTE_RULE_ACTIONS as readonly unknown[]).includes(action))
        add({
          severity: 'error',
          code: 'routeRule.action.invalid',
          path: `${path}.action`,
          params: { value: show(action) },
        });
    } else if (rule['route-table'] === undefined)
      // route_rule.rs `sanitize`: no action and no table looks up the main table (254).
      add({ severity: 'info', code: 'routeRule.table.main', path: `${path}.route-table` });
  });
};

/** dns.rs `SUPPORTED_DNS_OPTS_NO_VALUE` / `SUPPORTED_DNS_OPTS_WITH_VALUE`. */
export const DNS_OPTIONS_NO_VALUE = [
  'debug',
  'edns0',
  'inet6',
  'ip6-bytestring',
  'ip6-dotint',
  'no-aaaa',
  'no-check-names',
  'no-ip6-dotint',
  'no-reload',
  'no-tld-query',
  'rotate',
  'single-request',
  'single-request-reopen',
  'trust-ad',
  'use-vc',
] as const;
export const DNS_OPTIONS_WITH_VALUE = ['ndots', 'timeout', 'attempts'] as const;

const validateDnsOptions = (desired: NetworkState, add: Add): void => {
  const config: unknown = desired['dns-resolver']?.config;
  if (!isObj(config) || !Array.isArray(config.options)) return;
  (config.options as unknown[]).forEach((opt, i) => {
    if (typeof opt !== 'string' || isTemplate(opt)) return;
    const path = `spec.desiredState.dns-resolver.config.options[${i}]`;
    const colon = opt.indexOf(':');
    // dns.rs `DnsClientState::sanitize`: an option with a value must be one that takes one.
    if (colon >= 0) {
      const name = opt.slice(0, colon);
      if (!(DNS_OPTIONS_WITH_VALUE as readonly string[]).includes(name))
        add({ severity: 'error', code: 'dns.option.noValue', path, params: { option: name } });
    } else if (!(DNS_OPTIONS_NO_VALUE as readonly string[]).includes(opt))
      add({
        severity: 'error',
        code: (DNS_OPTIONS_WITH_VALUE as readonly string[]).includes(opt)
          ? 'dns.option.needsValue'
          : 'dns.option.unsupported',
        path,
        params: { option: opt },
      });
  });
};

/** Linux `HOST_NAME_MAX` (sethostname(2) refuses longer names with EINVAL). */
export const HOSTNAME_MAX = 64;

const validateHostname = (desired: NetworkState, add: Add): void => {
  const h: unknown = (desired as Obj).hostname;
  if (!isObj(h)) return;
  // hostname.rs `HostNameState` checks nothing: both strings go to the system as they are.
  for (const key of ['config', 'running'] as const) {
    const v = h[key];
    if (typeof v !== 'string' || isTemplate(v)) continue;
    if (new TextEncoder().encode(v).length > HOSTNAME_MAX)
      add({
        severity: 'error',
        code: 'hostname.invalid',
        path: `spec.desiredState.hostname.${key}`,
        params: { hostname: v, max: HOSTNAME_MAX },
      });
  }
};

export const validateSettings = (desired: NetworkState, add: Add): void => {
  const ifaces: unknown = desired.interfaces;
  if (Array.isArray(ifaces))
    (ifaces as unknown[]).forEach((iface, i) => {
      if (!isObj(iface) || iface.state === 'absent') return;
      const path = `spec.desiredState.interfaces[${i}]`;
      validateIp(iface.ipv4, false, `${path}.ipv4`, add);
      validateIp(iface.ipv6, true, `${path}.ipv6`, add);
      validateEthtool(iface.ethtool, `${path}.ethtool`, add);
      const eth = iface.ethernet;
      if (isObj(eth)) validateSriov(eth['sr-iov'], `${path}.ethernet.sr-iov`, add);
    });
  validateRouteExtras(desired, add);
  validateRouteRules(desired, add);
  validateDnsOptions(desired, add);
  validateHostname(desired, add);
};
