// Validation of a NodeNetworkConfigurationPolicy before submit. Mirrors the admission rules (so
// users see them before the API server refuses) and adds cluster-aware checks against each
// matched node's NodeNetworkState. Returns codes only; the UI and the CLI translate them.
import { resolveMaxUnavailable } from './maxUnavailable';
import type { Node } from '../../../shared/model/k8s';
import type {
  NetworkInterface,
  NetworkState,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
  Route,
} from '../../../shared/model/nmstate';
import { parseCidr, parseIp } from '../../../shared/net/cidr';
import type { Finding, Platform } from '../model/finding';
import { isPolicyUpdateBlocked } from './enactments';
import { getMatchedNodes } from './nodeSelection';
import { BOND_MODES } from '../model/bondModes';
import { LABEL_SAFE, isValidLabelValue } from '../../../shared/logic/labels';

export interface PolicyValidationContext {
  nodes: readonly Node[];
  nodeNetworkStates: readonly NodeNetworkState[];
  /** Every policy in the cluster, for the duplicate-name check on create. */
  policies?: readonly NodeNetworkConfigurationPolicy[];
  /** The stored object when editing: enables the update-time admission rules. */
  existingPolicy?: NodeNetworkConfigurationPolicy;
  /** Defaults to OpenShift, where br-ex and the default-route NIC are off limits. */
  platform?: Platform;
}

export const POLICY_NAME_MAX = 63;
export const INTERFACE_NAME_MAX = 15;
export { BOND_MODES };
export const MAC_VLAN_MODES = ['vepa', 'bridge', 'private', 'passthru', 'source'] as const;
export const INTERFACE_STATES = ['up', 'down', 'absent', 'ignore'] as const;
export const MTU_MIN = 68;
export const MTU_MAX = 65535;
export const IPV6_MIN_MTU = 1280;
export const DNS_SERVERS_MAX = 3;
const DEFAULT_MTU = 1500;

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DOMAIN =
  /^(?=.{1,253}$)([A-Za-z0-9_]([-A-Za-z0-9_]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9_]([-A-Za-z0-9_]{0,61}[A-Za-z0-9])?)*\.?$/;
const TEMPLATE = /\{\{.*?\}\}/;
const CAPTURE_REF = /\{\{\s*capture\.([A-Za-z0-9_-]+)/g;

/** Text for a params value that may be any JSON. */
const show = (v: unknown): string => {
  if (typeof v === 'string') return v;
  // JSON.stringify returns undefined for undefined and functions despite its declared type.
  const json = JSON.stringify(v) as string | undefined;
  return json ?? 'undefined';
};

export const isTemplate = (v: unknown): v is string => typeof v === 'string' && TEMPLATE.test(v);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const asInterfaces = (v: unknown): NetworkInterface[] =>
  Array.isArray(v) ? v.filter((i): i is NetworkInterface => isRecord(i)) : [];

/** Kernel `dev_valid_name`: 1–15 bytes, not "." or "..", no '/', ':' or whitespace. */
export const getInterfaceNameProblem = (
  name: string,
): 'required' | 'tooLong' | 'invalidChars' | null => {
  if (name === '') return 'required';
  if (new TextEncoder().encode(name).length > INTERFACE_NAME_MAX) return 'tooLong';
  if (name === '.' || name === '..' || /[/:\s]/.test(name)) return 'invalidChars';
  return null;
};

/** Values the API server admits for an IntOrString field (the CRD types it so). */
export const isValidMaxUnavailable = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'string';

const isQualifiedLabelKey = (key: string): boolean => {
  const slash = key.lastIndexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : null;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== null && (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) return false;
  return name.length <= 63 && LABEL_SAFE.test(name);
};

const stableJson = (v: unknown): string =>
  JSON.stringify(v, (_k, val: unknown) =>
    isRecord(val)
      ? Object.fromEntries(Object.entries(val).sort(([a], [b]) => a.localeCompare(b)))
      : val,
  );

const nodeList = (nodes: string[]): Record<string, string | number> => ({
  nodes: nodes.join(', '),
  nodeCount: nodes.length,
});

/** Ports a controller interface enslaves, whatever its type. */
export const getInterfacePorts = (iface: NetworkInterface): string[] => {
  const out: string[] = [];
  for (const p of iface['link-aggregation']?.port ?? []) if (typeof p === 'string') out.push(p);
  for (const p of iface.bridge?.port ?? []) {
    if (!isRecord(p)) continue;
    const la = p['link-aggregation'];
    // An OVS bond is a bridge port whose members are the real NICs; the bond name is virtual.
    if (la && Array.isArray(la.port)) {
      for (const m of la.port) if (isRecord(m) && typeof m.name === 'string') out.push(m.name);
    } else if (typeof p.name === 'string') out.push(p.name);
  }
  for (const p of iface.vrf?.port ?? []) if (typeof p === 'string') out.push(p);
  return out;
};

export const getBaseInterface = (iface: NetworkInterface): string | undefined => {
  for (const key of ['vlan', 'vxlan', 'mac-vlan', 'mac-vtap', 'ipvlan'] as const) {
    const base = iface[key]?.['base-iface'];
    if (typeof base === 'string' && base !== '') return base;
  }
  return undefined;
};

const DEFAULT_DESTINATIONS = new Set(['0.0.0.0/0', '::/0']);
const MAIN_TABLES = new Set([undefined, 0, 254]);

/**
 * Interfaces that carry a node's default route: the next-hop interface and, recursively, the
 * ports under it and the base of a VLAN (br-ex → its ovs-bridge → ens3).
 */
export const getDefaultRouteInterfaces = (state: NetworkState | undefined): Set<string> => {
  const carriers = new Set<string>();
  for (const r of state?.routes?.running ?? []) {
    if (
      typeof r.destination === 'string' &&
      DEFAULT_DESTINATIONS.has(r.destination) &&
      MAIN_TABLES.has(r['table-id']) &&
      typeof r['next-hop-interface'] === 'string' &&
      r['next-hop-interface'] !== ''
    )
      carriers.add(r['next-hop-interface']);
  }
  const ifaces = asInterfaces(state?.interfaces);
  let grew = true;
  while (grew) {
    grew = false;
    for (const iface of ifaces) {
      const add = (n: string | undefined): void => {
        if (n && !carriers.has(n)) {
          carriers.add(n);
          grew = true;
        }
      };
      if (carriers.has(iface.name)) {
        getInterfacePorts(iface).forEach(add);
        add(getBaseInterface(iface));
      }
      if (typeof iface.controller === 'string' && carriers.has(iface.controller)) add(iface.name);
    }
  }
  return carriers;
};

const findIfaces = (state: NetworkState | undefined, name: string): NetworkInterface[] =>
  asInterfaces(state?.interfaces).filter((i) => i.name === name);

export const validatePolicy = (
  policy: NodeNetworkConfigurationPolicy,
  ctx: PolicyValidationContext,
): Finding[] => {
  const findings: Finding[] = [];
  const add = (f: Finding): void => {
    findings.push(f);
  };
  const openshift = (ctx.platform ?? 'openshift') !== 'kubernetes';
  const spec = isRecord(policy.spec) ? policy.spec : {};
  const matched = getMatchedNodes({ spec }, ctx.nodes).map((n) => n.metadata.name);
  const states = new Map<string, NetworkState | undefined>();
  for (const nns of ctx.nodeNetworkStates) states.set(nns.metadata.name, nns.status?.currentState);
  const known = matched.filter((n) => states.get(n) !== undefined);

  validateMetadata(policy, ctx, add);
  validateSpecBasics(spec, matched, ctx, add);

  const desired = isRecord(spec.desiredState) ? spec.desiredState : {};
  const rawIfaces = desired.interfaces;
  if (isTemplate(rawIfaces)) {
    add({
      severity: 'info',
      code: 'policy.desiredState.templatedInterfaces',
      path: 'spec.desiredState.interfaces',
    });
  }
  const ifaces = asInterfaces(rawIfaces);
  if (
    ifaces.length === 0 &&
    !isTemplate(rawIfaces) &&
    !isRecord(desired.routes) &&
    !isRecord(desired['dns-resolver']) &&
    Object.keys(desired).filter((k) => k !== 'interfaces').length === 0
  )
    add({ severity: 'warning', code: 'policy.desiredState.empty', path: 'spec.desiredState' });

  const created = new Set(ifaces.filter((i) => i.state !== 'absent').map((i) => i.name));
  const byName = new Map<string, NetworkInterface>();
  for (const i of ifaces) if (!byName.has(i.name) && i.state !== 'absent') byName.set(i.name, i);

  /** Nodes among the matched ones where `name` neither exists nor is created by the policy. */
  const missingOn = (name: string): string[] =>
    created.has(name) || isTemplate(name)
      ? []
      : known.filter((n) => findIfaces(states.get(n), name).length === 0);

  const seen = new Map<string, number>();
  const portOwner = new Map<string, string>();
  const staticAddresses = new Map<string, string>();

  ifaces.forEach((iface, idx) => {
    const path = `spec.desiredState.interfaces[${idx}]`;
    const name = typeof iface.name === 'string' ? iface.name : '';
    const absent = iface.state === 'absent';

    if (!isTemplate(name)) {
      const problem = getInterfaceNameProblem(name);
      if (problem)
        add({
          severity: 'error',
          code: `interface.name.${problem}`,
          path: `${path}.name`,
          params: { name, max: INTERFACE_NAME_MAX },
        });
    }
    const key = `${name}\u0000${show(iface.type ?? '')}`;
    if (seen.has(key))
      add({
        severity: 'error',
        code: 'interface.name.duplicate',
        path: `${path}.name`,
        params: { name },
      });
    seen.set(key, idx);

    if (
      iface.state !== undefined &&
      !(INTERFACE_STATES as readonly unknown[]).includes(iface.state)
    )
      add({
        severity: 'error',
        code: 'interface.state.invalid',
        path: `${path}.state`,
        params: { state: show(iface.state) },
      });
    if (iface.type === undefined && !absent)
      add({
        severity: 'info',
        code: 'interface.type.missing',
        path: `${path}.type`,
        params: { name },
      });

    // Guardrails on what OpenShift's own networking owns.
    const touched = [name, ...getInterfacePorts(iface)];
    if (touched.includes('br-ex'))
      add({
        severity: openshift ? 'danger' : 'warning',
        code: 'interface.brEx',
        path: `${path}.name`,
        params: { name },
      });
    for (const t of touched) {
      if (t === 'br-ex') continue;
      const nodes = known.filter((n) => getDefaultRouteInterfaces(states.get(n)).has(t));
      if (nodes.length > 0)
        add({
          severity: openshift ? 'danger' : 'warning',
          code: 'interface.defaultRoute',
          path: t === name ? `${path}.name` : path,
          params: { name: t, ...nodeList(nodes) },
          nodes,
        });
    }
    if (absent) return;

    validateMtu(iface, path, add, byName, known, states);
    validateTypeSpecific(iface, path, add);

    for (const port of getInterfacePorts(iface)) {
      if (isTemplate(port)) continue;
      const owner = portOwner.get(port);
      if (owner !== undefined && owner !== name)
        add({
          severity: 'error',
          code: 'port.multipleControllers',
          path,
          params: { port, controller: name, other: owner },
        });
      portOwner.set(port, name);
      if (port === name) continue;
      const nodes = missingOn(port);
      if (nodes.length > 0)
        add({
          severity: 'warning',
          code: 'port.notFound',
          path,
          params: { port, controller: name, ...nodeList(nodes) },
          nodes,
        });
    }
    const base = getBaseInterface(iface);
    if (base !== undefined) {
      const nodes = missingOn(base);
      if (nodes.length > 0)
        add({
          severity: 'warning',
          code: 'baseIface.notFound',
          path,
          params: { base, name, ...nodeList(nodes) },
          nodes,
        });
    }

    for (const family of [4, 6] as const) {
      const block = iface[family === 4 ? 'ipv4' : 'ipv6'];
      if (!isRecord(block)) continue;
      const bpath = `${path}.ipv${family}`;
      const addresses: unknown = block.address;
      if (!Array.isArray(addresses)) continue;
      addresses.forEach((a: unknown, ai) => {
        const apath = `${bpath}.address[${ai}]`;
        if (!isRecord(a)) {
          add({
            severity: 'error',
            code: 'ip.address.invalid',
            path: apath,
            params: { ip: show(a) },
          });
          return;
        }
        const ip = a.ip;
        if (isTemplate(ip)) return;
        const parsed = parseIp(ip);
        if (!parsed.ok) {
          add({
            severity: 'error',
            code: 'ip.address.invalid',
            path: `${apath}.ip`,
            params: { ip: show(ip) },
          });
          return;
        }
        if (parsed.value.family !== family) {
          add({
            severity: 'error',
            code: 'ip.address.wrongFamily',
            path: `${apath}.ip`,
            params: { ip: show(ip), family },
          });
          return;
        }
        const prefix = a['prefix-length'];
        const max = family === 4 ? 32 : 128;
        if (
          !isTemplate(prefix) &&
          !(typeof prefix === 'number' && Number.isInteger(prefix) && prefix >= 0 && prefix <= max)
        )
          add({
            severity: 'error',
            code: 'ip.prefix.invalid',
            path: `${apath}.prefix-length`,
            params: { prefix: show(prefix), max },
          });
        const canonical = `${family}:${parsed.value.value.toString()}`;
        const other = staticAddresses.get(canonical);
        if (other !== undefined)
          add({
            severity: 'error',
            code: 'ip.address.duplicateInPolicy',
            path: `${apath}.ip`,
            params: { ip: show(ip), other },
          });
        staticAddresses.set(canonical, name);
        if (matched.length > 1)
          add({
            severity: 'error',
            code: 'ip.address.duplicateAcrossNodes',
            path: `${apath}.ip`,
            params: { ip: show(ip), ...nodeList(matched) },
            nodes: matched,
          });
        const inUse = known.filter((n) =>
          asInterfaces(states.get(n)?.interfaces).some(
            (ci) =>
              ci.name !== name &&
              [ci.ipv4, ci.ipv6].some((b) =>
                (b?.address ?? []).some((ca) => {
                  const p = parseIp(ca.ip);
                  return p.ok && p.value.family === family && p.value.value === parsed.value.value;
                }),
              ),
          ),
        );
        if (inUse.length > 0)
          add({
            severity: 'warning',
            code: 'ip.address.inUseOnNode',
            path: `${apath}.ip`,
            params: { ip: show(ip), ...nodeList(inUse) },
            nodes: inUse,
          });
      });
    }
  });

  validateRoutes(desired, add, missingOn, openshift);
  validateDns(desired, add);
  validateCaptureReferences(spec, add);
  return findings;
};

type Add = (f: Finding) => void;

const validateMetadata = (
  policy: NodeNetworkConfigurationPolicy,
  ctx: PolicyValidationContext,
  add: Add,
): void => {
  const name = typeof policy.metadata.name === 'string' ? policy.metadata.name : '';
  if (name === '') add({ severity: 'error', code: 'policy.name.required', path: 'metadata.name' });
  else if (name.length > POLICY_NAME_MAX)
    add({
      severity: 'error',
      code: 'policy.name.tooLong',
      path: 'metadata.name',
      params: { max: POLICY_NAME_MAX, length: name.length },
    });
  else if (!LABEL_SAFE.test(name))
    add({
      severity: 'error',
      code: 'policy.name.invalid',
      path: 'metadata.name',
      params: { name },
    });
  if (
    !ctx.existingPolicy &&
    name !== '' &&
    (ctx.policies ?? []).some((p) => p.metadata.name === name)
  )
    add({
      severity: 'error',
      code: 'policy.name.duplicate',
      path: 'metadata.name',
      params: { name },
    });

  const existing = ctx.existingPolicy;
  if (!existing) return;
  if (stableJson(existing.spec.capture ?? {}) !== stableJson(policy.spec.capture ?? {}))
    add({ severity: 'error', code: 'policy.capture.immutable', path: 'spec.capture' });
  if (stableJson(existing.spec) !== stableJson(policy.spec) && isPolicyUpdateBlocked(existing))
    add({ severity: 'error', code: 'policy.update.inProgress', path: 'spec', params: { name } });
};

const validateSpecBasics = (
  spec: Record<string, unknown>,
  matched: string[],
  ctx: PolicyValidationContext,
  add: Add,
): void => {
  const selector = spec.nodeSelector;
  if (selector !== undefined && !isRecord(selector))
    add({ severity: 'error', code: 'policy.nodeSelector.invalid', path: 'spec.nodeSelector' });
  for (const [key, value] of Object.entries(isRecord(selector) ? selector : {})) {
    const path = `spec.nodeSelector.${key}`;
    if (!isQualifiedLabelKey(key))
      add({ severity: 'error', code: 'policy.nodeSelector.keyInvalid', path, params: { key } });
    if (!isValidLabelValue(value))
      add({
        severity: 'error',
        code: 'policy.nodeSelector.valueInvalid',
        path,
        params: { key, value: show(value) },
      });
  }
  if (ctx.nodes.length > 0 && matched.length === 0)
    add({ severity: 'warning', code: 'policy.nodeSelector.noMatch', path: 'spec.nodeSelector' });
  if (spec.maxUnavailable !== undefined) {
    // The handler accepts any IntOrString and silently corrects it (maxUnavailable.ts); warn where
    // what it does differs from what was written.
    const params = { value: show(spec.maxUnavailable) };
    const path = 'spec.maxUnavailable';
    if (!isValidMaxUnavailable(spec.maxUnavailable))
      add({ severity: 'error', code: 'policy.maxUnavailable.invalid', path, params });
    else {
      const reading = resolveMaxUnavailable(
        spec.maxUnavailable,
        Math.max(1, matched.length),
      ).reading;
      if (reading === 'fallback')
        add({ severity: 'warning', code: 'policy.maxUnavailable.fallback', path, params });
      else if (reading === 'allNodes')
        add({ severity: 'warning', code: 'policy.maxUnavailable.allNodes', path, params });
      else if (reading === 'atLeastOne')
        add({ severity: 'warning', code: 'policy.maxUnavailable.atLeastOne', path, params });
    }
  }
};

const validateMtu = (
  iface: NetworkInterface,
  path: string,
  add: Add,
  byName: Map<string, NetworkInterface>,
  known: string[],
  states: Map<string, NetworkState | undefined>,
): void => {
  const mtu: unknown = iface.mtu;
  if (mtu === undefined || isTemplate(mtu)) return;
  if (typeof mtu !== 'number' || !Number.isInteger(mtu) || mtu < MTU_MIN || mtu > MTU_MAX) {
    add({
      severity: 'error',
      code: 'interface.mtu.invalid',
      path: `${path}.mtu`,
      params: { mtu: show(mtu), min: MTU_MIN, max: MTU_MAX },
    });
    return;
  }
  if (mtu < IPV6_MIN_MTU && iface.ipv6?.enabled === true)
    add({
      severity: 'warning',
      code: 'interface.mtu.tooSmallForIpv6',
      path: `${path}.mtu`,
      params: { mtu, min: IPV6_MIN_MTU },
    });

  // The parent is what this interface's frames go through: the VLAN/MAC-VLAN base, or for a
  // controller (bond) its ports, whose MTU nmstate does not raise when set explicitly lower.
  const parents: string[] = [];
  const base = getBaseInterface(iface);
  if (base) parents.push(base);
  if (iface.type === 'bond') parents.push(...getInterfacePorts(iface));
  for (const parent of parents) {
    if (isTemplate(parent)) continue;
    const inPolicy = byName.get(parent);
    const policyMtu: unknown = inPolicy?.mtu;
    if (typeof policyMtu === 'number') {
      if (mtu > policyMtu)
        add({
          severity: 'error',
          code: 'interface.mtu.exceedsParent',
          path: `${path}.mtu`,
          params: { mtu, parent, parentMtu: policyMtu },
        });
      continue;
    }
    // A bond's ports follow the bond's MTU when the policy does not pin theirs.
    if (iface.type === 'bond' && parent !== base) continue;
    const offending: string[] = [];
    let parentMtu = 0;
    for (const n of known) {
      const current = findIfaces(states.get(n), parent)[0];
      const value =
        typeof current?.mtu === 'number' ? current.mtu : inPolicy ? DEFAULT_MTU : undefined;
      if (value !== undefined && mtu > value) {
        offending.push(n);
        parentMtu = value;
      }
    }
    if (offending.length > 0)
      add({
        severity: 'error',
        code: 'interface.mtu.exceedsParent',
        path: `${path}.mtu`,
        params: { mtu, parent, parentMtu, ...nodeList(offending) },
        nodes: offending,
      });
  }
};

const isVlanId = (v: unknown): boolean =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 4094;

const validateTypeSpecific = (iface: NetworkInterface, path: string, add: Add): void => {
  switch (iface.type) {
    case 'vlan': {
      const vlan = iface.vlan;
      if (!vlan?.['base-iface'])
        add({
          severity: 'error',
          code: 'vlan.baseIface.required',
          path: `${path}.vlan.base-iface`,
        });
      const id: unknown = vlan?.id;
      if (!isTemplate(id) && !isVlanId(id))
        add({
          severity: 'error',
          code: 'vlan.id.invalid',
          path: `${path}.vlan.id`,
          params: { id: show(id), min: 1, max: 4094 },
        });
      break;
    }
    case 'bond': {
      const la = iface['link-aggregation'];
      const mode: unknown = la?.mode;
      if (mode === undefined || mode === '')
        add({
          severity: 'error',
          code: 'bond.mode.required',
          path: `${path}.link-aggregation.mode`,
        });
      else if (!isTemplate(mode) && !(BOND_MODES as readonly unknown[]).includes(mode))
        add({
          severity: 'error',
          code: 'bond.mode.invalid',
          path: `${path}.link-aggregation.mode`,
          params: { mode: show(mode) },
        });
      const ports: unknown = la?.port;
      if (!isTemplate(ports) && (!Array.isArray(ports) || ports.length === 0))
        add({ severity: 'error', code: 'bond.ports.empty', path: `${path}.link-aggregation.port` });
      break;
    }
    case 'mac-vlan': {
      const mv = iface['mac-vlan'];
      if (!mv?.['base-iface'])
        add({
          severity: 'error',
          code: 'macvlan.baseIface.required',
          path: `${path}.mac-vlan.base-iface`,
        });
      if (mv?.mode !== undefined && !(MAC_VLAN_MODES as readonly unknown[]).includes(mv.mode))
        add({
          severity: 'error',
          code: 'macvlan.mode.invalid',
          path: `${path}.mac-vlan.mode`,
          params: { mode: show(mv.mode) },
        });
      break;
    }
    case 'linux-bridge':
    case 'ovs-bridge': {
      (iface.bridge?.port ?? []).forEach((port, pi) => {
        const vlan: unknown = isRecord(port) ? port.vlan : undefined;
        if (!isRecord(vlan)) return;
        const vpath = `${path}.bridge.port[${pi}].vlan`;
        const mode = vlan.mode;
        if (mode !== undefined && mode !== 'access' && mode !== 'trunk')
          add({
            severity: 'error',
            code: 'bridge.port.vlan.modeInvalid',
            path: `${vpath}.mode`,
            params: { mode: show(mode) },
          });
        if (vlan.tag !== undefined && !isTemplate(vlan.tag) && !isVlanId(vlan.tag))
          add({
            severity: 'error',
            code: 'vlan.id.invalid',
            path: `${vpath}.tag`,
            params: { id: show(vlan.tag), min: 1, max: 4094 },
          });
        if (mode === 'access' && vlan.tag === undefined)
          add({ severity: 'error', code: 'bridge.port.vlan.accessNeedsTag', path: `${vpath}.tag` });
        const tags: unknown = vlan['trunk-tags'];
        if (mode === 'trunk' && (!Array.isArray(tags) || tags.length === 0))
          add({
            severity: 'error',
            code: 'bridge.port.vlan.trunkNeedsTags',
            path: `${vpath}.trunk-tags`,
          });
        if (mode === 'trunk' && vlan['enable-native'] === true && vlan.tag === undefined)
          add({ severity: 'error', code: 'bridge.port.vlan.nativeNeedsTag', path: `${vpath}.tag` });
        if (Array.isArray(tags))
          tags.forEach((t: unknown, ti) => {
            const tpath = `${vpath}.trunk-tags[${ti}]`;
            if (isRecord(t) && 'id' in t) {
              if (!isVlanId(t.id))
                add({
                  severity: 'error',
                  code: 'vlan.id.invalid',
                  path: `${tpath}.id`,
                  params: { id: show(t.id), min: 1, max: 4094 },
                });
            } else if (isRecord(t) && isRecord(t['id-range'])) {
              const { min, max } = t['id-range'];
              if (!isVlanId(min) || !isVlanId(max) || (min as number) > (max as number))
                add({
                  severity: 'error',
                  code: 'bridge.port.vlan.trunkRangeInvalid',
                  path: `${tpath}.id-range`,
                  params: { min: show(min), max: show(max) },
                });
            } else
              add({ severity: 'error', code: 'bridge.port.vlan.trunkTagInvalid', path: tpath });
          });
      });
      break;
    }
    default:
      break;
  }
};

const validateRoutes = (
  desired: NetworkState,
  add: Add,
  missingOn: (n: string) => string[],
  openshift: boolean,
): void => {
  const config: unknown = desired.routes?.config;
  if (!Array.isArray(config)) return;
  config.forEach((r: unknown, ri) => {
    const path = `spec.desiredState.routes.config[${ri}]`;
    if (!isRecord(r)) {
      add({ severity: 'error', code: 'route.invalid', path });
      return;
    }
    const route = r as Route;
    const absent = route.state === 'absent';
    let destFamily: number | undefined;
    if (route.destination === undefined) {
      if (!absent)
        add({ severity: 'error', code: 'route.destination.required', path: `${path}.destination` });
    } else if (!isTemplate(route.destination)) {
      const c = parseCidr(route.destination);
      if (!c.ok)
        add({
          severity: 'error',
          code: 'route.destination.invalid',
          path: `${path}.destination`,
          params: { destination: show(route.destination) },
        });
      else {
        destFamily = c.value.family;
        if (c.value.prefix === 0 && !absent)
          add({
            severity: openshift ? 'danger' : 'warning',
            code: 'route.defaultRoute',
            path: `${path}.destination`,
            params: { destination: route.destination },
          });
      }
    }
    const hop = route['next-hop-address'];
    if (hop !== undefined && hop !== '' && !isTemplate(hop)) {
      const p = parseIp(hop);
      if (!p.ok)
        add({
          severity: 'error',
          code: 'route.nextHopAddress.invalid',
          path: `${path}.next-hop-address`,
          params: { address: show(hop) },
        });
      else if (destFamily !== undefined && p.value.family !== destFamily)
        add({
          severity: 'error',
          code: 'route.familyMismatch',
          path: `${path}.next-hop-address`,
          params: { address: hop, destination: show(route.destination) },
        });
    }
    const dev = route['next-hop-interface'];
    if (typeof dev === 'string' && dev !== '' && !absent) {
      const nodes = missingOn(dev);
      if (nodes.length > 0)
        add({
          severity: 'warning',
          code: 'route.nextHopInterface.notFound',
          path: `${path}.next-hop-interface`,
          params: { name: dev, ...nodeList(nodes) },
          nodes,
        });
    } else if (!absent && (hop === undefined || hop === ''))
      add({ severity: 'error', code: 'route.nextHop.required', path });
    for (const [key, code] of [
      ['metric', 'route.metric.invalid'],
      ['table-id', 'route.tableId.invalid'],
    ] as const) {
      const v: unknown = route[key];
      if (
        v !== undefined &&
        !isTemplate(v) &&
        !(typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff)
      )
        add({ severity: 'error', code, path: `${path}.${key}`, params: { value: show(v) } });
    }
  });
};

const validateDns = (desired: NetworkState, add: Add): void => {
  const config = desired['dns-resolver']?.config;
  if (!isRecord(config)) return;
  const servers: unknown = config.server;
  if (Array.isArray(servers)) {
    servers.forEach((s: unknown, i) => {
      if (isTemplate(s)) return;
      if (!parseIp(s).ok)
        add({
          severity: 'error',
          code: 'dns.server.invalid',
          path: `spec.desiredState.dns-resolver.config.server[${i}]`,
          params: { server: show(s) },
        });
    });
    if (servers.length > DNS_SERVERS_MAX)
      add({
        severity: 'warning',
        code: 'dns.server.tooMany',
        path: 'spec.desiredState.dns-resolver.config.server',
        params: { count: servers.length, max: DNS_SERVERS_MAX },
      });
  }
  const search: unknown = config.search;
  if (Array.isArray(search))
    search.forEach((d: unknown, i) => {
      if (typeof d !== 'string' || !DOMAIN.test(d))
        add({
          severity: 'error',
          code: 'dns.search.invalid',
          path: `spec.desiredState.dns-resolver.config.search[${i}]`,
          params: { domain: show(d) },
        });
    });
};

const validateCaptureReferences = (spec: Record<string, unknown>, add: Add): void => {
  const defined = new Set(Object.keys(isRecord(spec.capture) ? spec.capture : {}));
  const reported = new Set<string>();
  const walk = (v: unknown, path: string): void => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(CAPTURE_REF)) {
        const name = m[1] ?? '';
        if (!defined.has(name) && !reported.has(name)) {
          reported.add(name);
          add({ severity: 'error', code: 'capture.referenceUnknown', path, params: { name } });
        }
      }
    } else if (Array.isArray(v))
      v.forEach((x: unknown, i) => {
        walk(x, `${path}[${i}]`);
      });
    else if (isRecord(v)) for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
  };
  walk(spec.desiredState, 'spec.desiredState');
};

/** Findings that name this node (node-specific warnings for the per-node preview). */
export const getFindingsForNode = (findings: readonly Finding[], node: string): Finding[] =>
  findings.filter((f) => f.nodes?.includes(node));
