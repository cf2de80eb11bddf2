// The strict parse `nmstatectl policy` ends with: the filled-in desired state is deserialized into
// nmstate's `NetworkState` (rust/src/lib/policy/template.rs `fill_with_captured_data`), whose
// structs are `deny_unknown_fields`: net_state.rs `NetworkState`, dns.rs `DnsState` and
// `DnsClientState`, route.rs `Routes`, route_rule.rs `RouteRules`, ifaces/bond.rs `BondConfig`,
// ifaces/mac_vlan.rs `MacVlanConfig` (whose `mode` is required). A failure is
// `InvalidArgument` carrying serde's text; since v0.84 the handler hits it before applying,
// on every node at once. Only these structs are checked here; the interface types' own fields
// are left to the applier.
import { isJsonObject, ownValue } from './json';
import type { JsonObject, JsonValue, NmstateError } from './types';

interface Shape {
  fields: readonly string[];
  aliases?: Readonly<Record<string, string>>;
  required?: readonly string[];
  nested?: Readonly<Record<string, Shape>>;
}

const DNS_CLIENT: Shape = { fields: ['server', 'search', 'options'] };
const NETWORK_STATE: Shape = {
  fields: [
    'description',
    'hostname',
    'dns-resolver',
    'route-rules',
    'routes',
    'interfaces',
    'ovs-db',
    'ovn',
  ],
  nested: {
    'dns-resolver': {
      fields: ['running', 'config'],
      nested: { running: DNS_CLIENT, config: DNS_CLIENT },
    },
    routes: { fields: ['running', 'config'] },
    'route-rules': { fields: ['config'] },
  },
};
const BOND: Shape = {
  fields: ['mode', 'options', 'port', 'ports-config'],
  aliases: { ports: 'port' },
};
const MAC_VLAN: Shape = {
  fields: ['base-iface', 'mode', 'promiscuous'],
  aliases: { 'accept-all-mac': 'promiscuous' },
  required: ['base-iface', 'mode'],
};

function invalid(msg: string): NmstateError {
  return { kind: 'InvalidArgument', msg, code: 'unknown-field' };
}

function check(value: JsonValue | undefined, shape: Shape): NmstateError | undefined {
  if (!isJsonObject(value)) return undefined;
  for (const key of Object.keys(value)) {
    if (shape.fields.includes(key) || shape.aliases?.[key] !== undefined) continue;
    return invalid(
      `unknown field \`${key}\`, expected one of ${shape.fields.map((f) => `\`${f}\``).join(', ')}`,
    );
  }
  for (const key of shape.required ?? []) {
    const present =
      ownValue(value, key) !== undefined ||
      Object.entries(shape.aliases ?? {}).some(
        ([a, k]) => k === key && ownValue(value, a) !== undefined,
      );
    if (!present) return invalid(`missing field \`${key}\``);
  }
  for (const [key, inner] of Object.entries(shape.nested ?? {})) {
    const e = check(ownValue(value, key), inner);
    if (e !== undefined) return e;
  }
  return undefined;
}

export function strictStateError(state: JsonObject): NmstateError | undefined {
  const top = check(state, NETWORK_STATE);
  if (top !== undefined) return top;
  const ifaces = ownValue(state, 'interfaces');
  if (ifaces !== undefined && !Array.isArray(ifaces))
    return invalid('invalid type: map, expected a sequence');
  for (const iface of Array.isArray(ifaces) ? ifaces : []) {
    if (!isJsonObject(iface)) continue;
    const e =
      check(ownValue(iface, 'link-aggregation'), BOND) ??
      check(ownValue(iface, 'mac-vlan'), MAC_VLAN);
    if (e !== undefined) return e;
  }
  return undefined;
}
