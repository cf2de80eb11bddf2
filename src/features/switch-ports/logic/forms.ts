// Form mapping for the switch-port authoring flows: HostNetworkAttachment values, a host's
// network-interface entries, and a BareMetalSwitch with its credentials Secret. Field findings
// use form field names as `path` so the editor shows them at the field.
import type {
  BareMetalHost,
  BareMetalHostNetworkInterface,
  BareMetalSwitch,
  HostNetworkAttachment,
  SwitchPortMode,
} from '../../../shared/model/metal3';
import type { Finding, SecretLike } from '../model/types';
import { normalizeMac } from './matchNicsToSwitchPorts';
import { validateBareMetalSwitch } from './validateBareMetalSwitch';
import { validateHostNetworkAttachment } from './validateHostNetworkAttachment';
import { parseVlanList } from './vlanSet';

/** RFC 1123 subdomain, as Kubernetes object names require. */
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const INTEGER = /^[+-]?\d+$/;

function nameFindings(name: string, path = 'name'): Finding[] {
  if (name.trim() === '')
    return [{ severity: 'error', code: 'form.nameRequired', path, params: {} }];
  if (name.length > 253 || !DNS_SUBDOMAIN.test(name))
    return [{ severity: 'error', code: 'form.invalidName', path, params: { value: name } }];
  return [];
}

export interface HnaFormValues {
  name: string;
  namespace: string;
  mode: SwitchPortMode;
  nativeVLAN: string;
  /** Comma separated ids and ranges as typed, e.g. `200-203, 300`. */
  allowedVLANs: string;
  mtu: string;
}

export function toHnaFormValues(hna: HostNetworkAttachment): HnaFormValues {
  const allowed: unknown = hna.spec.allowedVLANs;
  return {
    name: hna.metadata.name,
    namespace: hna.metadata.namespace,
    mode: hna.spec.mode,
    nativeVLAN: typeof hna.spec.nativeVLAN === 'number' ? String(hna.spec.nativeVLAN) : '',
    allowedVLANs: Array.isArray(allowed) ? (allowed as unknown[]).map(String).join(', ') : '',
    mtu: typeof hna.spec.mtu === 'number' ? String(hna.spec.mtu) : '',
  };
}

/** The entries of the allowed-VLANs text, in the webhook's form (`10`, `20-30`, no spaces). */
export function splitVlanEntries(text: string): string[] {
  if (text.trim() === '') return [];
  return text.split(',').map((t) => t.trim().replace(/\s*-\s*/, '-'));
}

function numberOrText(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return INTEGER.test(t) ? Number(t) : t;
}

/**
 * Writes form values onto a copy of `base` (unknown spec fields and metadata survive, so the
 * update carries the resourceVersion it was read at). Non-numeric input stays a string, which
 * the validator reports.
 */
export function applyHnaFormValues(
  base: HostNetworkAttachment | undefined,
  values: HnaFormValues,
): HostNetworkAttachment {
  const spec: Record<string, unknown> = { ...(base?.spec ?? {}) };
  spec.mode = values.mode;
  spec.nativeVLAN = numberOrText(values.nativeVLAN);
  const entries = splitVlanEntries(values.allowedVLANs);
  if (entries.length > 0) spec.allowedVLANs = entries;
  else delete spec.allowedVLANs;
  const mtu = numberOrText(values.mtu);
  if (mtu === undefined) delete spec.mtu;
  else spec.mtu = mtu;
  if (spec.nativeVLAN === undefined) delete spec.nativeVLAN;
  return {
    ...(base ?? {}),
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostNetworkAttachment',
    metadata: {
      ...(base?.metadata ?? {}),
      name: base?.metadata.name ?? values.name.trim(),
      namespace: base?.metadata.namespace ?? values.namespace,
    },
    spec: spec as HostNetworkAttachment['spec'],
  };
}

function fieldOf(path: string): string {
  if (path.startsWith('spec.allowedVLANs')) return 'allowedVLANs';
  if (path === 'spec.nativeVLAN') return 'nativeVLAN';
  if (path === 'spec.mtu') return 'mtu';
  if (path === 'spec.mode') return 'mode';
  return path;
}

/**
 * Findings for the HNA form, keyed by form field (`name`, `mode`, `nativeVLAN`, `allowedVLANs`,
 * `mtu`). Uses the webhook mirror, plus `form.notInteger` for text where a number belongs and
 * the comma-list parser's term-level codes for the allowed VLANs (so `abc` and `30-20` are
 * explained with the term that failed).
 */
export function validateHnaForm(values: HnaFormValues, isNew: boolean): Finding[] {
  const out: Finding[] = isNew ? nameFindings(values.name) : [];
  for (const [field, text] of [
    ['nativeVLAN', values.nativeVLAN],
    ['mtu', values.mtu],
  ] as const) {
    if (text.trim() !== '' && !INTEGER.test(text.trim()))
      out.push({
        severity: 'error',
        code: 'form.notInteger',
        path: field,
        params: { value: text },
      });
  }
  const hna = applyHnaFormValues(undefined, values);
  for (const f of validateHostNetworkAttachment(hna)) {
    const field = fieldOf(f.path);
    if (
      (field === 'nativeVLAN' || field === 'mtu') &&
      out.some((o) => o.path === field && o.code === 'form.notInteger')
    )
      continue;
    // Term problems are reported once, from the parser below, with the term's text.
    if (field === 'allowedVLANs' && f.path !== 'spec.allowedVLANs') continue;
    out.push({ ...f, path: field });
  }
  const parsed = parseVlanList(splitVlanEntries(values.allowedVLANs));
  for (const issue of [...parsed.errors, ...parsed.warnings])
    out.push({
      severity: issue.code === 'vlan.overlap' ? 'warning' : 'error',
      code: issue.code,
      path: 'allowedVLANs',
      params: issue.params,
    });
  return out;
}

export type InterfaceIdentity = { by: 'name'; name: string } | { by: 'mac'; mac: string };

export type SetAttachmentResult =
  | { ok: true; networkInterfaces: BareMetalHostNetworkInterface[] }
  | { ok: false; code: 'networkInterface.ambiguous' | 'networkInterface.noIdentity' };

/**
 * A host's `spec.networkInterfaces` with the attachment of one NIC set (or removed when
 * `attachment` is undefined). The NIC is found by name or MAC; its entry keeps exactly one of
 * name/macAddress (the webhook rule), any `switchPort` override survives, and an entry left
 * with nothing but its identity is dropped. Two entries describing the same NIC are refused.
 */
export function setInterfaceAttachment(
  bmh: BareMetalHost,
  nic: { name?: string; mac?: string },
  identity: InterfaceIdentity,
  attachment: { name: string; namespace?: string } | undefined,
): SetAttachmentResult {
  const raw: unknown = bmh.spec?.networkInterfaces;
  const list = Array.isArray(raw) ? (raw as BareMetalHostNetworkInterface[]) : [];
  const idName = identity.by === 'name' ? identity.name.trim() : undefined;
  const idMac = identity.by === 'mac' ? normalizeMac(identity.mac) : undefined;
  if (!idName && !idMac) return { ok: false, code: 'networkInterface.noIdentity' };
  const nicMac = normalizeMac(nic.mac);
  const matches = list
    .map((e, i) => ({ e, i }))
    .filter(
      ({ e }) =>
        (typeof e.name === 'string' && (e.name === nic.name || e.name === idName)) ||
        (typeof e.macAddress === 'string' &&
          (normalizeMac(e.macAddress) === nicMac || normalizeMac(e.macAddress) === idMac)),
    );
  if (matches.length > 1) return { ok: false, code: 'networkInterface.ambiguous' };
  const found = matches[0];
  const next = [...list];
  const rest: BareMetalHostNetworkInterface = { ...(found?.e ?? {}) };
  delete rest.name;
  delete rest.macAddress;
  delete rest.hostNetworkAttachment;
  const entry: BareMetalHostNetworkInterface = {
    ...(idName ? { name: idName } : { macAddress: idMac }),
    ...rest,
    ...(attachment
      ? {
          hostNetworkAttachment: {
            name: attachment.name,
            ...(attachment.namespace && attachment.namespace !== bmh.metadata.namespace
              ? { namespace: attachment.namespace }
              : {}),
          },
        }
      : {}),
  };
  const empty = Object.keys(entry).length === 1;
  if (found) {
    if (empty) next.splice(found.i, 1);
    else next[found.i] = entry;
  } else if (!empty) next.push(entry);
  return { ok: true, networkInterfaces: next };
}

/** A copy of the host whose interfaces referencing `from` reference `to` instead. */
export function retargetAttachment(
  bmh: BareMetalHost,
  from: { name: string; namespace: string },
  to: { name: string },
): BareMetalHost {
  const raw: unknown = bmh.spec?.networkInterfaces;
  const list = Array.isArray(raw) ? (raw as BareMetalHostNetworkInterface[]) : [];
  const networkInterfaces = list.map((e) => {
    const ref = e.hostNetworkAttachment;
    if (!ref) return e;
    const ns = ref.namespace && ref.namespace !== '' ? ref.namespace : bmh.metadata.namespace;
    if (ref.name !== from.name || ns !== from.namespace) return e;
    return { ...e, hostNetworkAttachment: { ...ref, name: to.name } };
  });
  return { ...bmh, spec: { ...(bmh.spec ?? {}), networkInterfaces } };
}

/** The first of `base-2`, `base-3`, … not in `taken`. */
export function nextFreeName(base: string, taken: ReadonlySet<string>): string {
  const stem = base.replace(/-\d+$/, '');
  for (let i = 2; ; i++) {
    const candidate = `${stem}-${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export type CredentialKind = 'password' | 'ssh-privatekey';

export interface SwitchFormValues {
  name: string;
  namespace: string;
  address: string;
  macAddress: string;
  deviceType: string;
  port: string;
  disableCertificateVerification: boolean;
  secretName: string;
  username: string;
  credentialKind: CredentialKind;
  /** The password or the private key. */
  credential: string;
}

/**
 * The Secret and the switch to create. The switch references the Secret by name only: the
 * credentials are always in the switch's own namespace.
 */
export function buildSwitchWrite(values: SwitchFormValues): {
  secret: SecretLike & { type: string };
  bareMetalSwitch: BareMetalSwitch;
} {
  const secretName = values.secretName.trim();
  const port = numberOrText(values.port);
  const secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'Opaque',
    metadata: { name: secretName, namespace: values.namespace },
    stringData: { username: values.username, [values.credentialKind]: values.credential },
  };
  const spec: Record<string, unknown> = {
    address: values.address.trim(),
    macAddress: values.macAddress.trim(),
    driver: 'generic-switch',
    deviceType: values.deviceType.trim(),
    credentials: { name: secretName },
  };
  if (port !== undefined) spec.port = port;
  if (values.disableCertificateVerification) spec.disableCertificateVerification = true;
  return {
    secret,
    bareMetalSwitch: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalSwitch',
      metadata: { name: values.name.trim(), namespace: values.namespace },
      spec: spec as BareMetalSwitch['spec'],
    },
  };
}

function switchField(path: string): string {
  if (path.startsWith('spec.credentials')) return 'secretName';
  return path.replace(/^spec\./, '');
}

/** Findings keyed by form field; `existingSecrets` are the Secrets of the target namespace. */
export function validateSwitchForm(
  values: SwitchFormValues,
  existingSecrets: readonly { metadata: { name?: string } }[] | undefined,
): Finding[] {
  const out = [...nameFindings(values.name), ...nameFindings(values.secretName, 'secretName')];
  if (values.port.trim() !== '' && !INTEGER.test(values.port.trim()))
    out.push({
      severity: 'error',
      code: 'form.notInteger',
      path: 'port',
      params: { value: values.port },
    });
  if (values.username.trim() === '')
    out.push({ severity: 'error', code: 'form.usernameRequired', path: 'username', params: {} });
  if (values.credential.trim() === '')
    out.push({
      severity: 'error',
      code: 'form.credentialRequired',
      path: 'credential',
      params: {},
    });
  if (existingSecrets?.some((s) => s.metadata.name === values.secretName.trim()))
    out.push({
      severity: 'error',
      code: 'form.secretExists',
      path: 'secretName',
      params: { name: values.secretName.trim(), namespace: values.namespace },
    });
  const { secret, bareMetalSwitch } = buildSwitchWrite(values);
  for (const f of validateBareMetalSwitch(bareMetalSwitch, [secret])) {
    const field = switchField(f.path);
    if (field === 'port' && out.some((o) => o.path === 'port')) continue;
    // The form's own required checks already explain empty credentials.
    if (f.code === 'bms.credentialsIncomplete' || f.code === 'bms.credentialsRequired') continue;
    out.push({ ...f, path: field });
  }
  return out;
}
