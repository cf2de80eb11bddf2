// Enactment helpers for the topology. The index and the phase come from the policies feature
// (`indexEnactments` keys by the `nmstate.io/node` and `nmstate.io/policy` labels, never "the
// first enactment owned by the node": a node routinely has several policies).
import type { Condition } from '../../../shared/model/k8s';
import type {
  NetworkInterface,
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import { getEnactmentPhase, indexEnactments } from '../../policies/logic/enactments';
import type { EnactmentPhase } from '../model/types';
import { isRecord } from '../../../shared/logic/isRecord';

export { getEnactmentPhase, indexEnactments };

/** node -> policy -> enactment, as built by `indexEnactments`. */
export type EnactmentIndex = ReadonlyMap<
  string,
  ReadonlyMap<string, NodeNetworkConfigurationEnactment>
>;

/**
 * Phases that mark an interface as failing. `Retrying` counts: its Failing condition is True,
 * the last attempt failed and the interfaces are in an unknown intermediate state.
 */
/**
 * `getEnactmentPhase` for objects straight from a watch that may not match the schema: anything
 * that is not a condition object is ignored instead of throwing.
 */
export function getSafeEnactmentPhase(
  enactment: NodeNetworkConfigurationEnactment,
  policyGeneration: unknown,
): EnactmentPhase {
  const status: unknown = enactment.status;
  const conditions: unknown = isRecord(status) ? status.conditions : undefined;
  const clean = Array.isArray(conditions)
    ? conditions.filter((c): c is Condition => isRecord(c) && typeof c.type === 'string')
    : [];
  const policyGenerationNumber =
    typeof policyGeneration === 'number' ? policyGeneration : undefined;
  const statusGeneration = isRecord(status) ? status.policyGeneration : undefined;
  return getEnactmentPhase(
    {
      metadata: enactment.metadata,
      status: {
        conditions: clean,
        ...(typeof statusGeneration === 'number' ? { policyGeneration: statusGeneration } : {}),
      },
    },
    policyGenerationNumber,
  );
}

export function isFailingPhase(phase: EnactmentPhase): boolean {
  return phase === 'Failing' || phase === 'Aborted' || phase === 'Retrying';
}

/**
 * The desired state that applies on this node: the enactment's (captures resolved, keys as
 * `nmstatectl policy` prints them), else the policy's as written. A policy's state may spell
 * nmstate's aliases; `getReferencedNames` reads the one alias among the keys the topology reads.
 */
export function getEffectiveDesiredState(
  enactment: NodeNetworkConfigurationEnactment | undefined,
  policy: NodeNetworkConfigurationPolicy | undefined,
): NetworkState | undefined {
  const status: unknown = enactment?.status;
  const fromEnactment = isRecord(status) ? status.desiredState : undefined;
  if (isRecord(fromEnactment)) return fromEnactment;
  const spec: unknown = policy?.spec;
  const fromPolicy = isRecord(spec) ? spec.desiredState : undefined;
  return isRecord(fromPolicy) ? fromPolicy : undefined;
}

/** Desired-state interfaces, tolerating capture templates (a string) in place of the array. */
export function getDesiredInterfaces(state: NetworkState | undefined): NetworkInterface[] {
  const list: unknown = state?.interfaces;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (i): i is NetworkInterface => isRecord(i) && typeof i.name === 'string' && i.name !== '',
  );
}

/**
 * A port list under its nmstate name `port` or its serde alias `ports` (nmstate
 * rust/src/lib/ifaces/: bond.rs `BondConfig`, linux_bridge.rs `LinuxBridgeConfig`, ovs.rs
 * `OvsBridgeConfig` and `OvsBridgeBondConfig`, vrf.rs `VrfConfig` each declare
 * `#[serde(alias = "ports")] port`, as the policy schema's tables record).
 * With both present nmstate rejects the duplicate field; `port` is read, as the policy editor's
 * canonical form keeps it. No other key the topology reads has an alias, so the topology does
 * not load the policy schema (`policies/logic/nmpolicy`) for this: about 6 KB gzip on its page.
 */
function portList(config: Record<string, unknown>): unknown {
  return config.port !== undefined ? config.port : config.ports;
}

function names(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const v of value) {
    if (typeof v === 'string') out.push(v);
    else if (isRecord(v) && typeof v.name === 'string') out.push(v.name);
  }
  return out;
}

function baseIface(value: unknown): string | undefined {
  return isRecord(value) && typeof value['base-iface'] === 'string'
    ? value['base-iface']
    : undefined;
}

/**
 * Interfaces a desired-state interface references without naming them as interfaces of its own:
 * its ports, its base interface, its controller. A failing policy that enslaves `eth1` touches
 * `eth1` even though only the bridge is listed.
 */
export function getReferencedNames(iface: NetworkInterface): string[] {
  const out: string[] = [];
  const bridge: unknown = iface.bridge;
  const bridgePorts = isRecord(bridge) ? portList(bridge) : undefined;
  if (Array.isArray(bridgePorts)) {
    for (const port of bridgePorts as unknown[]) {
      if (!isRecord(port)) continue;
      if (typeof port.name === 'string') out.push(port.name);
      const la = port['link-aggregation'];
      if (isRecord(la)) out.push(...names(portList(la)));
    }
  }
  const la: unknown = iface['link-aggregation'];
  if (isRecord(la)) out.push(...names(portList(la)));
  const vrf: unknown = iface.vrf;
  if (isRecord(vrf)) out.push(...names(portList(vrf)));
  for (const key of ['vlan', 'vxlan', 'mac-vlan', 'mac-vtap', 'ipvlan'] as const) {
    const base = baseIface(iface[key]);
    if (base) out.push(base);
  }
  if (typeof iface.controller === 'string' && iface.controller) out.push(iface.controller);
  return out;
}
