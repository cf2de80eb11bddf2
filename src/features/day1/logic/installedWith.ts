// What a host was installed with, next to what it runs now: the day-1 nmstate (an NMStateConfig
// for the host, or its preprovisioning network data Secret) compared interface by interface with
// the node's NodeNetworkState and with the policies that now manage the same interfaces.
import { stringify } from 'yaml';
import { isRecord } from '../../../shared/logic/isRecord';
import type { Node } from '../../../shared/model/k8s';
import type { BareMetalHost, HardwareData } from '../../../shared/model/metal3';
import type {
  NetworkInterface,
  NetworkState,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import { getMatchedNodes } from '../../policies/logic/nodeSelection';
import { isTemplate } from '../../policies/logic/validatePolicy';
import { getHardwareNics, normalizeMac } from '../../switch-ports/logic/matchNicsToSwitchPorts';
import type { Day1Finding } from '../model/types';
import { readSecretState } from './day1Inputs';
import { candidateInfraEnvs, selectNMStateConfigs } from './infraEnvSelection';

/** The day-1 source of a host, as the console found it. */
export type InstalledSource =
  | { kind: 'NMStateConfig'; name: string; namespace: string }
  | { kind: 'Secret'; name: string; namespace: string };

export type InstalledStateProblem = 'noKey' | 'base64Invalid' | 'yamlSyntax' | 'notObject';

export type InstalledStateResult =
  { ok: true; state: NetworkState } | { ok: false; problem: InstalledStateProblem };

const PROBLEM_OF: Record<string, InstalledStateProblem | undefined> = {
  'day1.secret.base64Invalid': 'base64Invalid',
  'day1.state.yamlSyntax': 'yamlSyntax',
  'day1.state.notObject': 'notObject',
};

/** The nmstate of a preprovisioning network data Secret (key `nmstate`, data or stringData). */
export function readInstalledFromSecret(secret: Record<string, unknown>): InstalledStateResult {
  const findings: Day1Finding[] = [];
  const state = readSecretState(secret, 0, findings);
  const problem = findings.map((f) => PROBLEM_OF[f.code]).find((p) => p !== undefined);
  if (problem) return { ok: false, problem };
  if (!state || !isRecord(state.value)) return { ok: false, problem: 'noKey' };
  return { ok: true, state: state.value };
}

/**
 * The NMStateConfigs that reach a host, in list order: those the discovery image it boots carries
 * (selected by the InfraEnv its label binds it to, or by any InfraEnv for an unbound host; see
 * infraEnvSelection.ts for the upstream sources) whose interfaces[] MACs include one of the
 * host's. Without any InfraEnv no image carries a config, so none reaches the host. More than
 * one is a misconfiguration: the host applies all of them.
 */
export function findNMStateConfigsForHost<
  T extends { metadata?: { name?: string; namespace?: string }; spec?: unknown },
>(
  host: BareMetalHost,
  hardwareData: HardwareData | undefined,
  configs: readonly T[],
  infraEnvs: readonly unknown[],
): T[] {
  const macs = new Set<string>();
  const boot = normalizeMac(host.spec?.bootMACAddress);
  if (boot) macs.add(boot);
  for (const nic of getHardwareNics(host, hardwareData) ?? []) {
    const m = normalizeMac(nic.mac);
    if (m) macs.add(m);
  }
  if (macs.size === 0 || infraEnvs.length === 0) return [];
  const { selectedBy } = selectNMStateConfigs(infraEnvs, configs);
  const images = candidateInfraEnvs(host, infraEnvs);
  return configs.filter((c, i) => {
    if (!(selectedBy[i] ?? []).some((e) => images.includes(e))) return false;
    const spec = isRecord(c.spec) ? c.spec : {};
    const ifaces: unknown = spec.interfaces;
    return (
      Array.isArray(ifaces) &&
      (ifaces as unknown[]).some((i) => isRecord(i) && macs.has(normalizeMac(i.macAddress) ?? ''))
    );
  });
}

export type InterfaceDrift = 'same' | 'changed' | 'absent' | 'noState';

export interface InstalledInterfaceRow {
  name: string;
  type?: string;
  /** Compared on the keys the install-time config set; 'noState' when the node reports none. */
  drift: InterfaceDrift;
  /** Top-level keys whose current value differs from the installed one. */
  changed: string[];
  /** Policies matching the node that list this interface in their desired state now. */
  policies: string[];
}

export interface InstalledComparison {
  rows: InstalledInterfaceRow[];
  /**
   * YAML of the installed interfaces, and of the current ones cut to the same keys (an interface
   * the node no longer has is missing on the current side).
   */
  installedYaml: string;
  currentYaml: string;
  /** YAML of the installed interfaces some policy manages, and of those policies' versions. */
  managedInstalledYaml: string;
  policyYaml: string;
  /** Policies that match the node but list their interfaces through a capture template. */
  templatedPolicies: string[];
}

const interfacesOf = (state: unknown): NetworkInterface[] => {
  const list = isRecord(state) ? state.interfaces : undefined;
  return Array.isArray(list)
    ? (list as unknown[]).filter(
        (i): i is NetworkInterface => isRecord(i) && typeof i.name === 'string',
      )
    : [];
};

/** `want` as far as `have` shows it: the keys of `want`, with `have`'s values. */
function project(want: unknown, have: unknown): unknown {
  if (isRecord(want) && isRecord(have)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(want)) if (k in have) out[k] = project(want[k], have[k]);
    return out;
  }
  if (Array.isArray(want) && Array.isArray(have))
    return have.map((h: unknown, i) => (i < want.length ? project(want[i], h) : h));
  return have;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The interface of one name and type in a state (nmstate keys interfaces by both). */
const findIn = (list: NetworkInterface[], iface: NetworkInterface): NetworkInterface | undefined =>
  list.find((c) => c.name === iface.name && (iface.type === undefined || c.type === iface.type)) ??
  list.find((c) => c.name === iface.name);

export function compareInstalled(
  installed: NetworkState,
  current: NetworkState | undefined,
  node: Node | undefined,
  policies: readonly NodeNetworkConfigurationPolicy[],
): InstalledComparison {
  const installedIfaces = interfacesOf(installed);
  const currentIfaces = current ? interfacesOf(current) : undefined;
  const matching = node
    ? policies.filter((p) => getMatchedNodes({ spec: p.spec }, [node]).length > 0)
    : [];
  const templatedPolicies = matching
    .filter((p) =>
      isTemplate(isRecord(p.spec.desiredState) ? p.spec.desiredState.interfaces : undefined),
    )
    .map((p) => p.metadata.name)
    .sort();
  const policyIfaces = matching.flatMap((p) =>
    interfacesOf(p.spec.desiredState).map((i) => ({ policy: p.metadata.name, iface: i })),
  );
  const projected: unknown[] = [];
  const managedInstalled: NetworkInterface[] = [];
  const managedBy: unknown[] = [];
  const rows = installedIfaces.map((iface): InstalledInterfaceRow => {
    const owners = policyIfaces.filter((p) => p.iface.name === iface.name);
    if (owners.length > 0) {
      managedInstalled.push(iface);
      for (const o of owners) managedBy.push(o.iface);
    }
    const policiesHere = [...new Set(owners.map((o) => o.policy))].sort();
    const base = {
      name: iface.name,
      ...(typeof iface.type === 'string' ? { type: iface.type } : {}),
      policies: policiesHere,
    };
    if (!currentIfaces) return { ...base, drift: 'noState', changed: [] };
    const now = findIn(currentIfaces, iface);
    if (!now) return { ...base, drift: 'absent', changed: [] };
    const view = project(iface, now);
    projected.push(view);
    const changed = Object.keys(iface).filter(
      (k) => !same((iface as Record<string, unknown>)[k], (view as Record<string, unknown>)[k]),
    );
    return { ...base, drift: changed.length === 0 ? 'same' : 'changed', changed };
  });
  const dump = (list: unknown[]): string =>
    list.length === 0 ? '' : stringify({ interfaces: list }, { lineWidth: 0 });
  return {
    rows,
    installedYaml: dump(installedIfaces),
    currentYaml: dump(projected),
    managedInstalledYaml: dump(managedInstalled),
    policyYaml: dump(managedBy),
    templatedPolicies,
  };
}
