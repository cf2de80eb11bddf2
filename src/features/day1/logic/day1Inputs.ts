// Recognises install-time inputs by their content and collects each host's nmstate documents,
// MAC addresses and known NICs. Hosts described by several objects (a BareMetalHost, its
// preprovisioning network data Secret, an NMStateConfig sharing one of its MACs, the install-config
// host the installer generated it from) are merged into one, so their shared MACs and addresses
// are not reported as conflicts.
import { parseDocument } from 'yaml';
import { isRecord } from '../../../shared/logic/isRecord';
import { normalizeMac } from '../../switch-ports/logic/matchNicsToSwitchPorts';
import {
  INFRA_ENV_LABEL,
  infraEnvOfHost,
  selectedAcrossNamespaces,
  selectNMStateConfigs,
} from './infraEnvSelection';
import type {
  Day1Finding,
  Day1Host,
  Day1Input,
  Day1Kind,
  Day1Location,
  Day1Mac,
  Day1State,
  Path,
} from '../model/types';

/**
 * The key the OpenShift image-customization-controller reads a host's nmstate from, in the Secret
 * that BareMetalHost `spec.preprovisioningNetworkDataName` names (openshift/image-customization-
 * controller README "Image building"; the installer writes its hosts' networkConfig there).
 */
export const NMSTATE_SECRET_KEY = 'nmstate';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const meta = (o: Record<string, unknown>): Record<string, unknown> =>
  isRecord(o.metadata) ? o.metadata : {};
export const objectName = (o: Record<string, unknown>): string => str(meta(o).name) ?? '';
export const objectNamespace = (o: Record<string, unknown>): string => str(meta(o).namespace) ?? '';

const groupOf = (o: Record<string, unknown>): string => {
  const av = str(o.apiVersion) ?? '';
  return av.includes('/') ? (av.split('/')[0] ?? '') : '';
};

/**
 * The kind of a day-1 input, from apiVersion/kind or, for the installer's own files (which carry
 * no kind), from their top-level shape.
 */
export function detectDay1Kind(o: Record<string, unknown>): Day1Kind | undefined {
  const kind = str(o.kind);
  const group = groupOf(o);
  switch (kind) {
    case 'InstallConfig':
      return 'InstallConfig';
    case 'AgentConfig':
      return 'AgentConfig';
    case 'NMStateConfig':
    case 'InfraEnv':
      return group === 'agent-install.openshift.io' ? kind : undefined;
    case 'BareMetalHost':
    case 'HardwareData':
    case 'HostNetworkAttachment':
    case 'BareMetalSwitch':
      return group === 'metal3.io' ? kind : undefined;
    case 'Secret':
      return group === '' ? 'Secret' : undefined;
    case 'NodeNetworkConfigurationPolicy':
      return group === 'nmstate.io' ? kind : undefined;
    case undefined:
      break;
    default:
      return undefined;
  }
  // install-config.yaml: `apiVersion: v1`, no kind, with baseDomain/platform/networking.
  if (typeof o.baseDomain === 'string' || (isRecord(o.platform) && isRecord(o.networking)))
    return 'InstallConfig';
  // agent-config.yaml written without its kind still has rendezvousIP or hosts[].
  if (typeof o.rendezvousIP === 'string' || Array.isArray(o.hosts)) return 'AgentConfig';
  return undefined;
}

const loc = (input: number, at: Path): Day1Location => ({ input, at });

interface Draft extends Day1Host {
  /** Merge key: the kind family that produced the record (same-family MAC repeats conflict). */
  family: Day1Kind;
  /** NMStateConfig records: the InfraEnv inputs that select it (when InfraEnvs are given). */
  selectedBy?: number[];
  /** BareMetalHost records: the InfraEnv input its label binds it to. */
  boundTo?: number;
}

const invalidMac = (raw: unknown, location: Day1Location): Day1Finding => ({
  severity: 'error',
  code: 'day1.mac.invalid',
  location,
  params: { mac: typeof raw === 'string' ? raw : JSON.stringify(raw) },
});

/** A single MAC field (bootMACAddress): none when unset, a finding when malformed. */
const oneMac = (raw: unknown, location: Day1Location, findings: Day1Finding[]): Day1Mac[] => {
  if (raw === undefined || raw === '') return [];
  if (typeof raw === 'string' && MAC.test(raw))
    return [{ mac: normalizeMac(raw) ?? raw, location }];
  findings.push(invalidMac(raw, location));
  return [];
};

const macsOf = (list: unknown, input: number, base: Path, findings: Day1Finding[]): Day1Mac[] => {
  const nameKey = 'name';
  const macKey = 'macAddress';
  const out: Day1Mac[] = [];
  if (!Array.isArray(list)) return out;
  list.forEach((item: unknown, i) => {
    if (!isRecord(item)) return;
    const raw = item[macKey];
    if (raw === undefined) return;
    const location = loc(input, [...base, i, macKey]);
    if (typeof raw !== 'string' || !MAC.test(raw)) {
      findings.push(invalidMac(raw, location));
      return;
    }
    const name = str(item[nameKey]);
    out.push({ mac: normalizeMac(raw) ?? raw, ...(name ? { name } : {}), location });
  });
  return out;
};

/** The pattern assisted-service's NMStateConfig CRD and the BMH bootMACAddress enforce. */
const MAC = /^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/;

const inlineState = (
  value: unknown,
  input: number,
  at: Path,
  kind: Day1Kind,
  findings: Day1Finding[],
): Day1State | undefined => {
  if (value === undefined || value === null) return undefined;
  const state: Day1State = {
    location: loc(input, at),
    encoding: 'object',
    value,
    sensitive: false,
    kind,
  };
  if (!isRecord(value))
    findings.push({ severity: 'error', code: 'day1.state.notObject', location: state.location });
  return state;
};

/** Decodes standard base64 strictly (whitespace allowed, as the API server's decoder does). */
export function decodeBase64Utf8(text: string): string | undefined {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return undefined;
  try {
    const binary = atob(clean);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The nmstate document of a Secret: `stringData` wins over `data` as the API server merges them on
 * write. Never returns or reports the text itself.
 */
export function readSecretState(
  secret: Record<string, unknown>,
  input: number,
  findings: Day1Finding[],
): Day1State | undefined {
  const stringData = isRecord(secret.stringData) ? secret.stringData : {};
  const data = isRecord(secret.data) ? secret.data : {};
  const name = objectName(secret);
  let text: string | undefined;
  let encoding: 'text' | 'base64';
  let at: Path;
  if (typeof stringData[NMSTATE_SECRET_KEY] === 'string') {
    text = stringData[NMSTATE_SECRET_KEY];
    encoding = 'text';
    at = ['stringData', NMSTATE_SECRET_KEY];
  } else if (typeof data[NMSTATE_SECRET_KEY] === 'string') {
    encoding = 'base64';
    at = ['data', NMSTATE_SECRET_KEY];
    text = decodeBase64Utf8(data[NMSTATE_SECRET_KEY]);
    if (text === undefined) {
      findings.push({
        severity: 'error',
        code: 'day1.secret.base64Invalid',
        location: loc(input, at),
        params: { secret: name, key: NMSTATE_SECRET_KEY },
        redacted: true,
      });
      return undefined;
    }
  } else return undefined;
  const state: Day1State = {
    location: loc(input, at),
    encoding,
    value: undefined,
    sensitive: true,
    kind: 'Secret',
  };
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: true });
  const err = doc.errors[0];
  if (err) {
    const pos = err.linePos?.[0];
    findings.push({
      severity: 'error',
      code: 'day1.state.yamlSyntax',
      location: {
        ...state.location,
        // Inside base64 there is no line to point at: the data key is the position.
        ...(encoding === 'text' && pos
          ? { innerPosition: { line: pos.line, column: pos.col } }
          : {}),
      },
      params: { secret: name, key: NMSTATE_SECRET_KEY },
      redacted: true,
    });
    return state;
  }
  state.value = doc.toJS({ maxAliasCount: 100 }) as unknown;
  if (!isRecord(state.value))
    findings.push({
      severity: 'error',
      code: 'day1.state.notObject',
      location: state.location,
      params: { secret: name, key: NMSTATE_SECRET_KEY },
      redacted: true,
    });
  return state;
}

/**
 * assisted-service pkg/staticnetworkconfig/generator.go validateMacInterfaceName: within one
 * host's config every logical name and every MAC appears once ("MACs and Interfaces for host %d
 * must be unique"). MACs are compared normalised: two spellings of one MAC are the same NIC.
 */
function checkInterfacesUnique(
  ifaces: unknown,
  input: number,
  name: string,
  findings: Day1Finding[],
): void {
  if (!Array.isArray(ifaces)) return;
  const seen = { name: new Set<string>(), macAddress: new Set<string>() };
  (ifaces as unknown[]).forEach((item, i) => {
    if (!isRecord(item)) return;
    for (const field of ['name', 'macAddress'] as const) {
      const raw = item[field];
      if (typeof raw !== 'string') continue;
      const key = field === 'macAddress' ? (normalizeMac(raw) ?? raw) : raw;
      if (seen[field].has(key))
        findings.push({
          severity: 'error',
          code: 'day1.nmstateConfig.interfaceNotUnique',
          location: loc(input, ['spec', 'interfaces', i, field]),
          params: { name, field, value: raw },
        });
      seen[field].add(key);
    }
  });
}

/** The path of the first of `paths` the object has, so a finding lands inside its document. */
const firstPresent = (o: Record<string, unknown>, paths: Path[]): Path =>
  paths.find((p) => {
    let at: unknown = o;
    for (const k of p) {
      if (!isRecord(at) || typeof k !== 'string' || !(k in at)) return false;
      at = at[k];
    }
    return true;
  }) ?? [];

/**
 * With InfraEnvs among the inputs: which of them select each NMStateConfig (input indices, by
 * position in `configs`), with findings on refused selectors, unselected configs and configs
 * selected across namespaces. Undefined when no InfraEnv is given: then every config counts.
 */
function selectInfraEnvs(
  inputs: readonly Day1Input[],
  infraEnvs: number[],
  configs: number[],
  findings: Day1Finding[],
): number[][] | undefined {
  if (infraEnvs.length === 0) return undefined;
  const envs = infraEnvs.map((i) => inputs[i]?.obj ?? {});
  const cfgs = configs.map((i) => inputs[i]?.obj ?? {});
  const selection = selectNMStateConfigs(envs, cfgs);
  for (const { infraEnv, problem } of selection.invalid)
    findings.push({
      severity: 'error',
      code: `day1.infraEnv.selector.${problem.reason}`,
      location: loc(infraEnvs[infraEnv] ?? -1, [
        'spec',
        'nmStateConfigLabelSelector',
        ...problem.at,
      ]),
      params: { name: objectName(envs[infraEnv] ?? {}), value: problem.value },
    });
  const envName = (e: number): string => {
    const o = envs[e] ?? {};
    const ns = objectNamespace(o);
    return ns ? `${ns}/${objectName(o)}` : objectName(o);
  };
  return selection.selectedBy.map((list, n) => {
    const input = configs[n] ?? -1;
    const cfg = cfgs[n] ?? {};
    if (list.length === 0)
      findings.push({
        severity: 'warning',
        code: 'day1.nmstateConfig.notSelected',
        location: loc(input, firstPresent(cfg, [['metadata', 'labels'], ['metadata']])),
        params: { name: objectName(cfg), infraEnvs: envs.map((_, e) => envName(e)).join(', ') },
      });
    for (const e of selectedAcrossNamespaces(cfg, envs, list))
      findings.push({
        severity: 'warning',
        code: 'day1.nmstateConfig.otherNamespace',
        location: loc(input, firstPresent(cfg, [['metadata', 'namespace'], ['metadata']])),
        params: {
          name: objectName(cfg),
          namespace: objectNamespace(cfg),
          infraEnv: envName(e),
        },
      });
    return list.map((e) => infraEnvs[e] ?? -1);
  });
}

/**
 * The InfraEnv input a BareMetalHost's label binds it to (bmh_agent_controller.go
 * findInfraEnvForBMH). A label naming no InfraEnv among the inputs gets a warning: the host is
 * then given no discovery image.
 */
function bindToInfraEnv(
  inputs: readonly Day1Input[],
  bmh: number,
  infraEnvs: number[],
  findings: Day1Finding[],
): number | undefined {
  if (infraEnvs.length === 0) return undefined;
  const o = inputs[bmh]?.obj ?? {};
  const labels = meta(o).labels;
  const name = isRecord(labels) ? labels[INFRA_ENV_LABEL] : undefined;
  if (typeof name !== 'string' || name === '') return undefined;
  const found = infraEnvOfHost(
    o,
    infraEnvs.map((i) => inputs[i]?.obj ?? {}),
  );
  if (found === undefined) {
    findings.push({
      severity: 'warning',
      code: 'day1.infraEnv.notFound',
      location: loc(bmh, ['metadata', 'labels', INFRA_ENV_LABEL]),
      params: { host: objectName(o), infraEnv: name, label: INFRA_ENV_LABEL },
    });
    return undefined;
  }
  return infraEnvs[found];
}

const hardwareNicNames = (nics: unknown): string[] | undefined => {
  if (!Array.isArray(nics)) return undefined;
  const names = new Set<string>();
  for (const n of nics as unknown[])
    if (isRecord(n) && typeof n.name === 'string') names.add(n.name);
  return [...names];
};

export interface CollectedHosts {
  hosts: Day1Host[];
  kinds: Map<number, Day1Kind>;
  /** Raw install-config and agent-config inputs, by index. */
  installConfigs: number[];
  agentConfigs: number[];
  attachments: number[];
  switches: number[];
  policies: number[];
}

/** Finds every host and its nmstate in the inputs. Findings about the inputs go to `findings`. */
export function collectDay1Hosts(
  inputs: readonly Day1Input[],
  findings: Day1Finding[],
): CollectedHosts {
  const kinds = new Map<number, Day1Kind>();
  inputs.forEach((i, idx) => {
    const k = detectDay1Kind(i.obj);
    if (k) kinds.set(idx, k);
  });
  const of = (k: Day1Kind): number[] =>
    [...kinds.entries()].filter(([, v]) => v === k).map(([i]) => i);
  const drafts: Draft[] = [];

  for (const idx of of('InstallConfig')) {
    const o = inputs[idx]?.obj ?? {};
    const platform = isRecord(o.platform) ? o.platform : {};
    const bm = isRecord(platform.baremetal) ? platform.baremetal : {};
    const hosts: unknown = bm.hosts;
    if (!Array.isArray(hosts)) continue;
    hosts.forEach((h: unknown, i) => {
      if (!isRecord(h)) return;
      const base: Path = ['platform', 'baremetal', 'hosts', i];
      const state = inlineState(
        h.networkConfig,
        idx,
        [...base, 'networkConfig'],
        'InstallConfig',
        findings,
      );
      const macs = oneMac(h.bootMACAddress, loc(idx, [...base, 'bootMACAddress']), findings);
      drafts.push({
        family: 'InstallConfig',
        name: str(h.name) ?? `hosts[${i}]`,
        ...(str(h.role) ? { role: str(h.role) } : {}),
        location: loc(idx, base),
        kinds: ['InstallConfig'],
        states: state ? [state] : [],
        macs,
      });
    });
  }

  for (const idx of of('AgentConfig')) {
    const o = inputs[idx]?.obj ?? {};
    const hosts: unknown = o.hosts;
    if (!Array.isArray(hosts)) continue;
    hosts.forEach((h: unknown, i) => {
      if (!isRecord(h)) return;
      const base: Path = ['hosts', i];
      const state = inlineState(
        h.networkConfig,
        idx,
        [...base, 'networkConfig'],
        'AgentConfig',
        findings,
      );
      const macs = macsOf(h.interfaces, idx, [...base, 'interfaces'], findings);
      drafts.push({
        family: 'AgentConfig',
        name: str(h.hostname) ?? `hosts[${i}]`,
        ...(str(h.role) ? { role: str(h.role) } : {}),
        location: loc(idx, base),
        kinds: ['AgentConfig'],
        states: state ? [state] : [],
        macs,
        // interfaces[] lists the NICs the config refers to, not necessarily every NIC.
        ...(macs.some((m) => m.name)
          ? { nics: { names: macs.flatMap((m) => (m.name ? [m.name] : [])), complete: false } }
          : {}),
      });
    });
  }

  const infraEnvs = of('InfraEnv');
  const nmStateConfigs = of('NMStateConfig');
  const selection = selectInfraEnvs(inputs, infraEnvs, nmStateConfigs, findings);
  nmStateConfigs.forEach((idx, n) => {
    const o = inputs[idx]?.obj ?? {};
    const spec = isRecord(o.spec) ? o.spec : {};
    const ifaces: unknown = spec.interfaces;
    // assisted-service api/v1beta1/nmstate_config_types.go: +kubebuilder:validation:MinItems=1,
    // because the MACs are how the agent finds which host the config belongs to.
    if (!Array.isArray(ifaces) || ifaces.length === 0)
      findings.push({
        severity: 'error',
        code: 'day1.nmstateConfig.interfacesRequired',
        location: loc(idx, Array.isArray(ifaces) ? ['spec', 'interfaces'] : ['spec']),
        params: { name: objectName(o) },
      });
    // The MAC pattern is the CRD's: the API server refuses a bad one whether selected or not.
    const macs = macsOf(ifaces, idx, ['spec', 'interfaces'], findings);
    const selectedBy = selection?.[n];
    // A config no InfraEnv selects is in no discovery image: it configures no host, and the
    // checks made when an image is generated do not apply to it.
    if (selectedBy && selectedBy.length === 0) return;
    checkInterfacesUnique(ifaces, idx, objectName(o), findings);
    const state = inlineState(spec.config, idx, ['spec', 'config'], 'NMStateConfig', findings);
    drafts.push({
      family: 'NMStateConfig',
      name: objectName(o),
      location: loc(idx, []),
      kinds: ['NMStateConfig'],
      states: state ? [state] : [],
      macs,
      ...(macs.some((m) => m.name)
        ? { nics: { names: macs.flatMap((m) => (m.name ? [m.name] : [])), complete: false } }
        : {}),
      ...(selectedBy ? { selectedBy } : {}),
    });
  });

  const secrets = of('Secret');
  const usedSecrets = new Set<number>();
  const hardware = of('HardwareData');
  for (const idx of of('BareMetalHost')) {
    const o = inputs[idx]?.obj ?? {};
    const spec = isRecord(o.spec) ? o.spec : {};
    const status = isRecord(o.status) ? o.status : {};
    const name = objectName(o);
    const ns = objectNamespace(o);
    const macs = oneMac(spec.bootMACAddress, loc(idx, ['spec', 'bootMACAddress']), findings);
    const hdIdx = hardware.find((h) => {
      const hd = inputs[h]?.obj ?? {};
      return objectName(hd) === name && objectNamespace(hd) === ns;
    });
    const hd = hdIdx !== undefined ? (inputs[hdIdx]?.obj ?? {}) : undefined;
    const hdSpec = hd && isRecord(hd.spec) ? hd.spec : {};
    const hdHardware = isRecord(hdSpec.hardware) ? hdSpec.hardware : undefined;
    const statusHardware = isRecord(status.hardware) ? status.hardware : undefined;
    // HardwareData wins over the deprecated status.hardware copy, as in the switch-port view.
    const nicsRaw: unknown = hdHardware?.nics ?? statusHardware?.nics;
    const names = hardwareNicNames(nicsRaw);
    if (Array.isArray(nicsRaw))
      for (const n of nicsRaw as unknown[]) {
        const mac = isRecord(n) ? normalizeMac(n.mac) : undefined;
        if (mac && !macs.some((m) => m.mac === mac))
          macs.push({
            mac,
            ...(isRecord(n) && typeof n.name === 'string' ? { name: n.name } : {}),
            // Inspection data repeats the boot MAC: it is the same NIC, never a conflict.
            location: loc(
              hdIdx ?? idx,
              hdIdx !== undefined ? ['spec', 'hardware', 'nics'] : ['status', 'hardware', 'nics'],
            ),
          });
      }
    const boundTo = bindToInfraEnv(inputs, idx, infraEnvs, findings);
    const states: Day1State[] = [];
    const secretName = str(spec.preprovisioningNetworkDataName);
    if (secretName) {
      const sIdx = secrets.find((s) => {
        const so = inputs[s]?.obj ?? {};
        return objectName(so) === secretName && (objectNamespace(so) || ns) === ns;
      });
      if (sIdx === undefined)
        findings.push({
          severity: 'warning',
          code: 'day1.secret.notFound',
          location: loc(idx, ['spec', 'preprovisioningNetworkDataName']),
          params: { secret: secretName, host: name },
        });
      else {
        usedSecrets.add(sIdx);
        const so = inputs[sIdx]?.obj ?? {};
        const state = readSecretState(so, sIdx, findings);
        if (state) states.push(state);
        else if (!findings.some((f) => f.location.input === sIdx))
          findings.push({
            severity: 'error',
            code: 'day1.secret.noNmstateKey',
            location: loc(
              sIdx,
              isRecord(so.data) ? ['data'] : isRecord(so.stringData) ? ['stringData'] : [],
            ),
            params: { secret: secretName, key: NMSTATE_SECRET_KEY, host: name },
          });
      }
    }
    drafts.push({
      family: 'BareMetalHost',
      name,
      location: loc(idx, []),
      kinds: ['BareMetalHost'],
      states,
      macs,
      ...(names ? { nics: { names, complete: true } } : {}),
      bareMetalHost: idx,
      ...(hdIdx !== undefined ? { hardwareData: hdIdx } : {}),
      ...(boundTo !== undefined ? { boundTo } : {}),
    });
  }
  // A Secret with nmstate that no BareMetalHost among the inputs names is still checked.
  for (const idx of secrets) {
    if (usedSecrets.has(idx)) continue;
    const so = inputs[idx]?.obj ?? {};
    const state = readSecretState(so, idx, findings);
    if (!state) {
      kinds.delete(idx);
      continue;
    }
    drafts.push({
      family: 'Secret',
      name: objectName(so),
      location: loc(idx, []),
      kinds: ['Secret'],
      states: [state],
      macs: [],
    });
  }
  return {
    hosts: mergeHosts(drafts),
    kinds,
    installConfigs: of('InstallConfig'),
    agentConfigs: of('AgentConfig'),
    attachments: of('HostNetworkAttachment'),
    switches: of('BareMetalSwitch'),
    policies: of('NodeNetworkConfigurationPolicy'),
  };
}

/**
 * Records of different kinds that share a MAC describe the same machine (assisted-service applies
 * an NMStateConfig to the host that has any of its MACs; the installer generates a BareMetalHost
 * per install-config host with the same bootMACAddress). Records of one kind never merge: the
 * same MAC there is a conflict the validator reports.
 */
function mergeHosts(drafts: Draft[]): Day1Host[] {
  const parent = drafts.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] ?? r;
    return r;
  };
  const families = drafts.map((d) => new Set([d.family]));
  // A BareMetalHost bound to an InfraEnv boots only that image: an NMStateConfig of another
  // image never reaches it, so the two records are different machines' or no conflict.
  const bound = drafts.map((d) => d.boundTo);
  const selected = drafts.map((d) => d.selectedBy);
  for (let i = 0; i < drafts.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = drafts[i];
      const b = drafts[j];
      if (!a || !b) continue;
      const ri = find(i);
      const rj = find(j);
      if (ri === rj) continue;
      const fi = families[ri] ?? new Set();
      const fj = families[rj] ?? new Set();
      if ([...fi].some((f) => fj.has(f))) continue;
      if (!a.macs.some((m) => b.macs.some((n) => n.mac === m.mac))) continue;
      const b2 = bound[ri] ?? bound[rj];
      const s2 = selected[ri] ?? selected[rj];
      if (b2 !== undefined && s2 !== undefined && !s2.includes(b2)) continue;
      parent[ri] = rj;
      families[rj] = new Set([...fj, ...fi]);
      bound[rj] = b2;
      selected[rj] = s2;
    }
  }
  const groups = new Map<number, Draft[]>();
  drafts.forEach((d, i) => {
    const r = find(i);
    groups.set(r, [...(groups.get(r) ?? []), d]);
  });
  return [...groups.values()].map((group) => {
    const first = group[0] as Draft;
    const bmh = group.find((d) => d.bareMetalHost !== undefined);
    const complete = group.find((d) => d.nics?.complete);
    const names = [...new Set(group.flatMap((d) => d.nics?.names ?? []))];
    const macs: Day1Mac[] = [];
    for (const d of group)
      for (const m of d.macs) if (!macs.some((x) => x.mac === m.mac)) macs.push(m);
    const role = group.find((d) => d.role)?.role;
    const boundTo = group.find((d) => d.boundTo !== undefined)?.boundTo;
    const selectedBy = group.find((d) => d.selectedBy)?.selectedBy;
    const infraEnvs = boundTo !== undefined ? [boundTo] : selectedBy;
    return {
      name: (bmh ?? first).name,
      ...(role ? { role } : {}),
      location: first.location,
      kinds: group.map((d) => d.family),
      states: group.flatMap((d) => d.states),
      macs,
      ...(group.some((d) => d.nics)
        ? {
            nics: {
              names: complete ? (complete.nics?.names ?? names) : names,
              complete: Boolean(complete),
            },
          }
        : {}),
      ...(bmh?.bareMetalHost !== undefined ? { bareMetalHost: bmh.bareMetalHost } : {}),
      ...(bmh?.hardwareData !== undefined ? { hardwareData: bmh.hardwareData } : {}),
      ...(infraEnvs ? { infraEnvs } : {}),
    };
  });
}
