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
import { suggestKey } from '../../../shared/logic/suggestKey';
import { canonicalizeDesiredState, findUnknownKeys } from './nmpolicy/keys';
import type { JsonValue } from './nmpolicy/types';
import { validateSettings } from './validateSettings';
import { getVethPeers, validateInterfaceKind, validateOvn } from './validateInterfaceKinds';

/** A node's current interface as far as the existence checks need it. */
export interface CurrentInterface {
  name: string;
  type?: string;
}

export interface PolicyValidationContext {
  nodes: readonly Node[];
  nodeNetworkStates: readonly NodeNetworkState[];
  /** Every policy in the cluster, for the duplicate-name check on create. */
  policies?: readonly NodeNetworkConfigurationPolicy[];
  /** The stored object when editing: enables the update-time admission rules. */
  existingPolicy?: NodeNetworkConfigurationPolicy;
  /** Defaults to OpenShift, where br-ex and the default-route NIC are off limits. */
  platform?: Platform;
  /**
   * Current interfaces per node name, for callers that hold digests rather than whole
   * NodeNetworkStates; a node listed here is read from it instead of its NodeNetworkState.
   */
  currentInterfaces?: Readonly<Record<string, readonly CurrentInterface[]>>;
}

export const POLICY_NAME_MAX = 63;
export const INTERFACE_NAME_MAX = 15;
export { BOND_MODES };
export const MAC_VLAN_MODES = ['vepa', 'bridge', 'private', 'passthru', 'source'] as const;
/** route.rs `RouteType`. */
export const ROUTE_TYPES = ['blackhole', 'unreachable', 'prohibit'] as const;
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

/** A controller's port list under `port` or its alias `ports` (bond.rs, linux_bridge.rs, ovs.rs, vrf.rs). */
const portList = (section: unknown): unknown[] => {
  if (!isRecord(section)) return [];
  const list = section.port ?? section.ports;
  return Array.isArray(list) ? (list as unknown[]) : [];
};

/** Ports a controller interface enslaves, whatever its type. */
export const getInterfacePorts = (iface: NetworkInterface): string[] => {
  const out: string[] = [];
  for (const p of portList(iface['link-aggregation'])) if (typeof p === 'string') out.push(p);
  for (const p of portList(iface.bridge)) {
    if (!isRecord(p)) continue;
    const la = p['link-aggregation'];
    // An OVS bond is a bridge port whose members are the real NICs; the bond name is virtual.
    if (isRecord(la) && (Array.isArray(la.port) || Array.isArray(la.ports))) {
      for (const m of portList(la)) if (isRecord(m) && typeof m.name === 'string') out.push(m.name);
    } else if (typeof p.name === 'string') out.push(p.name);
  }
  for (const p of portList(iface.vrf)) if (typeof p === 'string') out.push(p);
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

/**
 * A dummy, or a linux bridge without ports (those the policy gives it, else those it has on every
 * node): nothing it carries leaves the node.
 */
const isIsolated = (
  iface: NetworkInterface,
  known: readonly string[],
  states: Map<string, NetworkState | undefined>,
): boolean => {
  if (iface.type === 'dummy') return true;
  if (iface.type !== 'linux-bridge') return false;
  const stated: unknown = iface.bridge?.port;
  if (Array.isArray(stated)) return stated.length === 0;
  return known.every((n) =>
    findIfaces(states.get(n), iface.name).every(
      (c) => c.type !== 'linux-bridge' || (c.bridge?.port ?? []).length === 0,
    ),
  );
};

/** serde's `unknown field` of every struct nmstate reads with deny_unknown_fields (schema.ts). */
const validateUnknownKeys = (desired: Record<string, unknown>, add: Add): void => {
  for (const u of findUnknownKeys(desired as JsonValue)) {
    const path = u.path
      .map((seg) => (typeof seg === 'number' ? `[${seg}]` : `.${seg}`))
      .join('')
      .replace(/^\./, '');
    const suggestion = suggestKey(u.key, u.expected);
    add({
      severity: 'error',
      code: suggestion === undefined ? 'nmstate.unknownField' : 'nmstate.unknownField.suggest',
      path: `spec.desiredState.${path}`,
      params: suggestion === undefined ? { key: u.key } : { key: u.key, suggestion },
    });
  }
};

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
  const known = matched.filter(
    (n) => states.get(n) !== undefined || ctx.currentInterfaces?.[n] !== undefined,
  );
  const currentOf = (node: string): readonly CurrentInterface[] =>
    ctx.currentInterfaces?.[node] ??
    asInterfaces(states.get(node)?.interfaces).map((i) =>
      typeof i.type === 'string' ? { name: i.name, type: i.type } : { name: i.name },
    );
  /**
   * Matched nodes where the interface does not exist yet, so nmstate creates it and needs what a
   * new one needs (bond.rs `validate_new_iface_with_no_mode`, vlan.rs `sanitize` after
   * `post_inter_ifaces_process_vlan` took `base-iface` from the current VLAN). Without any node
   * state nothing says it exists, and it is treated as new.
   */
  const newOn = (iface: NetworkInterface): { isNew: boolean; nodes: string[] } => {
    const nodes = known.filter(
      (n) =>
        !currentOf(n).some(
          (c) =>
            c.name === iface.name &&
            (c.type === undefined || iface.type === undefined || c.type === iface.type),
        ),
    );
    return { isNew: known.length === 0 || nodes.length > 0, nodes };
  };

  validateMetadata(policy, ctx, add);
  validateSpecBasics(spec, matched, ctx, add);

  const rawDesired = isRecord(spec.desiredState) ? spec.desiredState : {};
  validateUnknownKeys(rawDesired, add);
  // Read as nmstate reads it: `ports` is `port`, bond mode 1 is active-backup (nmpolicy/keys.ts).
  const desired: NetworkState = canonicalizeDesiredState(rawDesired);
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

  const vethPeers = getVethPeers(ifaces);
  validateOvn(desired, add);
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
    validateTypeSpecific(iface, path, add, newOn(iface));
    validateInterfaceKind(iface, path, add, newOn(iface), vethPeers);

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
        if (matched.length > 1) {
          // On a dummy or a port-less bridge the address never reaches a shared link, so the
          // same address on every node is a node-local choice: worth a word, not a refusal.
          const isolated = isIsolated(iface, known, states);
          add({
            severity: isolated ? 'warning' : 'error',
            code: isolated
              ? 'ip.address.duplicateAcrossNodesIsolated'
              : 'ip.address.duplicateAcrossNodes',
            path: `${apath}.ip`,
            params: { ip: show(ip), name, ...nodeList(matched) },
            nodes: matched,
          });
        }
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
  validateSettings(desired, add);
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
  else if (!DNS_SUBDOMAIN.test(name))
    // metadata.name of a custom resource is a lowercase RFC 1123 subdomain (apimachinery
    // validation `NameIsDNSSubdomain`); the 63 limit above is the handler's: it labels each
    // enactment `nmstate.io/policy=<name>`, a label value (kubernetes-nmstate
    // api/shared/nodenetworkconfigurationenactment_types.go `EnactmentPolicyLabel`).
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

/** Where the interface is created by the policy (see `newOn` in validatePolicy). */
interface Creation {
  isNew: boolean;
  nodes: string[];
}

const creationParams = (
  c: Creation,
  name: string,
): { params: Record<string, string | number>; nodes?: string[] } =>
  c.nodes.length > 0
    ? { params: { name, ...nodeList(c.nodes) }, nodes: c.nodes }
    : { params: { name } };

const validateTypeSpecific = (
  iface: NetworkInterface,
  path: string,
  add: Add,
  creation: Creation,
): void => {
  const created = creationParams(creation, iface.name);
  switch (iface.type) {
    case 'team':
      // nmstate 2 has no team type: iface.rs `InterfaceType` lists none, so it is read as an
      // unknown interface and cannot be created (NetworkManager dropped teamd too).
      add({
        severity: 'error',
        code: 'interface.type.team',
        path: `${path}.type`,
        params: { name: iface.name },
      });
      break;
    case 'vlan': {
      // vlan.rs `VlanConfig`: `id` is required whenever the `vlan` section is given; `base-iface`
      // only for a new VLAN, an existing one keeps its own (`post_inter_ifaces_process_vlan`).
      const vlan = isRecord(iface.vlan) ? iface.vlan : undefined;
      if (!vlan?.['base-iface'] && creation.isNew)
        add({
          severity: 'error',
          code: 'vlan.baseIface.required',
          path: `${path}.vlan.base-iface`,
          ...created,
        });
      const id: unknown = vlan?.id;
      if ((vlan !== undefined || creation.isNew) && !isTemplate(id) && !isVlanId(id))
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
      if (mode === undefined || mode === '') {
        // bond.rs `validate_new_iface_with_no_mode`: only a new bond that is to be up needs one.
        if (creation.isNew && iface.state !== 'down')
          add({
            severity: 'error',
            code: 'bond.mode.required',
            path: `${path}.link-aggregation.mode`,
            ...created,
          });
      } else if (!isTemplate(mode) && !(BOND_MODES as readonly unknown[]).includes(mode))
        add({
          severity: 'error',
          code: 'bond.mode.invalid',
          path: `${path}.link-aggregation.mode`,
          params: { mode: show(mode) },
        });
      // nmstate creates a bond without ports; it just carries nothing. An existing bond that
      // does not restate `port` keeps the ports it has.
      const ports: unknown = la?.port;
      if (
        !isTemplate(ports) &&
        ((Array.isArray(ports) && ports.length === 0) || (ports === undefined && creation.isNew))
      )
        add({
          severity: 'warning',
          code: 'bond.ports.empty',
          path: `${path}.link-aggregation.port`,
        });
      break;
    }
    case 'mac-vlan': {
      // mac_vlan.rs `MacVlanConfig`: `base-iface` and `mode` have no default, so serde requires
      // both whenever the section is given; a new MAC-VLAN needs the section.
      const mv = iface['mac-vlan'];
      const needed = mv !== undefined || creation.isNew;
      if (needed && !mv?.['base-iface'])
        add({
          severity: 'error',
          code: 'macvlan.baseIface.required',
          path: `${path}.mac-vlan.base-iface`,
        });
      if (needed && (mv?.mode === undefined || mv.mode === ''))
        add({ severity: 'error', code: 'macvlan.mode.required', path: `${path}.mac-vlan.mode` });
      else if (
        mv?.mode !== undefined &&
        !isTemplate(mv.mode) &&
        !(MAC_VLAN_MODES as readonly unknown[]).includes(mv.mode)
      )
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
      const bridgePorts: unknown = iface.bridge?.port;
      (Array.isArray(bridgePorts) ? (bridgePorts as unknown[]) : []).forEach((port, pi) => {
        const vlan: unknown = isRecord(port) ? port.vlan : undefined;
        if (isRecord(vlan)) validatePortVlan(vlan, `${path}.bridge.port[${pi}].vlan`, add);
      });
      break;
    }
    default:
      break;
  }
};

/** A trunk tag's VLAN range, or null when it is not one `BridgePortTrunkTag` reads. */
const trunkRange = (t: unknown): [number, number] | null => {
  if (!isRecord(t)) return null;
  if ('id' in t) return isVlanId(t.id) ? [t.id as number, t.id as number] : null;
  const r = t['id-range'];
  if (!isRecord(r) || !isVlanId(r.min) || !isVlanId(r.max)) return null;
  return (r.min as number) <= (r.max as number) ? [r.min as number, r.max as number] : null;
};

const showTrunkTag = (range: [number, number]): string =>
  range[0] === range[1] ? String(range[0]) : `${range[0]}-${range[1]}`;

/** ifaces/bridge_vlan.rs `BridgePortVlanConfig::sanitize` and `validate_overlap_trunk_tags`. */
const validatePortVlan = (vlan: Record<string, unknown>, vpath: string, add: Add): void => {
  const mode = vlan.mode;
  if (mode !== undefined && mode !== 'access' && mode !== 'trunk')
    add({
      severity: 'error',
      code: 'bridge.port.vlan.modeInvalid',
      path: `${vpath}.mode`,
      params: { mode: show(mode) },
    });
  const tag: unknown = vlan.tag;
  if (tag !== undefined && !isTemplate(tag) && !isVlanId(tag))
    add({
      severity: 'error',
      code: 'vlan.id.invalid',
      path: `${vpath}.tag`,
      params: { id: show(tag), min: 1, max: 4094 },
    });
  const native = vlan['enable-native'] === true;
  const tags: unknown = vlan['trunk-tags'];
  if (mode === 'access' && tag === undefined)
    add({ severity: 'error', code: 'bridge.port.vlan.accessNeedsTag', path: `${vpath}.tag` });
  if (mode === 'access' && native)
    add({
      severity: 'error',
      code: 'bridge.port.vlan.accessNative',
      path: `${vpath}.enable-native`,
    });
  if (mode === 'access' && Array.isArray(tags) && tags.length > 0)
    add({
      severity: 'error',
      code: 'bridge.port.vlan.accessTrunkTags',
      path: `${vpath}.trunk-tags`,
    });
  // Upstream refuses a trunk without the key; an empty list passes `sanitize`.
  if (mode === 'trunk' && !Array.isArray(tags) && !isTemplate(tags))
    add({
      severity: 'error',
      code: 'bridge.port.vlan.trunkNeedsTags',
      path: `${vpath}.trunk-tags`,
    });
  if (mode === 'trunk' && tag !== undefined && tag !== 0 && !native)
    add({ severity: 'error', code: 'bridge.port.vlan.tagNeedsNative', path: `${vpath}.tag` });
  if (mode === 'trunk' && native && tag === undefined)
    add({ severity: 'error', code: 'bridge.port.vlan.nativeNeedsTag', path: `${vpath}.tag` });
  if (!Array.isArray(tags)) return;
  const seen: [number, number][] = [];
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
    } else add({ severity: 'error', code: 'bridge.port.vlan.trunkTagInvalid', path: tpath });
    const range = trunkRange(t);
    if (!range) return;
    const other = seen.find(([lo, hi]) => range[0] <= hi && lo <= range[1]);
    if (other)
      add({
        severity: 'error',
        code: 'bridge.port.vlan.trunkOverlap',
        path: tpath,
        params: { tag: showTrunkTag(range), other: showTrunkTag(other) },
      });
    seen.push(range);
  });
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
    // route.rs `Routes::validate`: a blackhole/unreachable/prohibit route has no next hop (but
    // `lo`), every other one needs `next-hop-interface`; the address alone is not enough.
    const routeType: unknown = route['route-type'];
    if (routeType !== undefined && !isTemplate(routeType)) {
      if (!(ROUTE_TYPES as readonly unknown[]).includes(routeType))
        add({
          severity: 'error',
          code: 'route.type.invalid',
          path: `${path}.route-type`,
          params: { type: show(routeType) },
        });
      else if (
        !absent &&
        ((typeof dev === 'string' && dev !== '' && dev !== 'lo') ||
          (hop !== undefined && hop !== ''))
      )
        add({
          severity: 'error',
          code: 'route.typed.nextHop',
          path: `${path}.route-type`,
          params: { type: routeType as string },
        });
    } else if (typeof dev === 'string' && dev !== '' && !absent) {
      const nodes = missingOn(dev);
      if (nodes.length > 0)
        add({
          severity: 'warning',
          code: 'route.nextHopInterface.notFound',
          path: `${path}.next-hop-interface`,
          params: { name: dev, ...nodeList(nodes) },
          nodes,
        });
    } else if (!absent && routeType === undefined)
      add({
        severity: 'error',
        code: 'route.nextHopInterface.required',
        path: `${path}.next-hop-interface`,
      });
    for (const [key, code, min] of [
      // route.rs `RouteEntry::USE_DEFAULT_METRIC`: -1 leaves the metric to the backend.
      ['metric', 'route.metric.invalid', -1],
      ['table-id', 'route.tableId.invalid', 0],
    ] as const) {
      const v: unknown = route[key];
      if (
        v !== undefined &&
        !isTemplate(v) &&
        !(typeof v === 'number' && Number.isInteger(v) && v >= min && v <= 0xffffffff)
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
