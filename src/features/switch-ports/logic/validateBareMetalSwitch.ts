// BareMetalSwitch checks. Credentials must live in the switch's own namespace: the plugin never
// writes or follows a cross-namespace Secret reference, even though SecretReference allows one.
import type { BareMetalSwitch } from '../../../shared/model/metal3';
import type { Finding, SecretLike } from '../model/types';
import { isRecord } from '../../../shared/logic/isRecord';

const MAC = /^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/;

/** A value as it appears in a message: strings as is, anything else as JSON. */
function display(value: unknown): string {
  if (typeof value === 'string') return value;
  // JSON.stringify(undefined) returns undefined, despite its declared type.
  if (value === undefined) return 'undefined';
  return JSON.stringify(value);
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function secretHas(secret: SecretLike, key: string): boolean {
  return nonEmpty(secret.data?.[key]) || nonEmpty(secret.stringData?.[key]);
}

/**
 * Findings: `bms.addressRequired`, `bms.macRequired`, `bms.invalidMac`, `bms.deviceTypeRequired`,
 * `bms.unsupportedDriver`, `bms.portOutOfRange`, `bms.credentialsRequired`,
 * `bms.crossNamespaceCredentials`, `bms.credentialsSecretMissing`, `bms.credentialsIncomplete`
 * (the Secret needs `username` plus `password` or `ssh-privatekey`), `bms.insecure` (info).
 */
export function validateBareMetalSwitch(
  bms: BareMetalSwitch,
  secrets: readonly SecretLike[],
): Finding[] {
  const findings: Finding[] = [];
  const spec: unknown = isRecord(bms) ? bms.spec : undefined;
  const s = isRecord(spec) ? spec : {};
  const namespace = bms.metadata.namespace;
  if (!nonEmpty(s.address))
    findings.push({
      severity: 'error',
      code: 'bms.addressRequired',
      path: 'spec.address',
      params: {},
    });
  if (!nonEmpty(s.macAddress))
    findings.push({
      severity: 'error',
      code: 'bms.macRequired',
      path: 'spec.macAddress',
      params: {},
    });
  else if (!MAC.test(s.macAddress))
    findings.push({
      severity: 'error',
      code: 'bms.invalidMac',
      path: 'spec.macAddress',
      params: { value: s.macAddress },
    });
  if (!nonEmpty(s.deviceType))
    findings.push({
      severity: 'error',
      code: 'bms.deviceTypeRequired',
      path: 'spec.deviceType',
      params: {},
    });
  if (s.driver !== undefined && s.driver !== 'generic-switch')
    findings.push({
      severity: 'error',
      code: 'bms.unsupportedDriver',
      path: 'spec.driver',
      params: { value: display(s.driver) },
    });
  if (
    s.port !== undefined &&
    (typeof s.port !== 'number' || !Number.isInteger(s.port) || s.port < 1 || s.port > 65535)
  )
    findings.push({
      severity: 'error',
      code: 'bms.portOutOfRange',
      path: 'spec.port',
      params: { value: display(s.port), min: 1, max: 65535 },
    });
  if (s.disableCertificateVerification === true)
    findings.push({
      severity: 'info',
      code: 'bms.insecure',
      path: 'spec.disableCertificateVerification',
      params: {},
    });

  const creds = s.credentials;
  if (!isRecord(creds) || !nonEmpty(creds.name)) {
    findings.push({
      severity: 'error',
      code: 'bms.credentialsRequired',
      path: 'spec.credentials.name',
      params: {},
    });
    return findings;
  }
  if (creds.namespace !== undefined && creds.namespace !== '' && creds.namespace !== namespace) {
    findings.push({
      severity: 'error',
      code: 'bms.crossNamespaceCredentials',
      path: 'spec.credentials.namespace',
      params: { value: display(creds.namespace), namespace },
    });
    return findings;
  }
  const secret = secrets.find(
    (x) => x.metadata.name === creds.name && (x.metadata.namespace ?? namespace) === namespace,
  );
  if (!secret) {
    findings.push({
      severity: 'warning',
      code: 'bms.credentialsSecretMissing',
      path: 'spec.credentials.name',
      params: { name: creds.name, namespace },
    });
    return findings;
  }
  const missing: string[] = [];
  if (!secretHas(secret, 'username')) missing.push('username');
  if (!secretHas(secret, 'password') && !secretHas(secret, 'ssh-privatekey'))
    missing.push('password|ssh-privatekey');
  if (missing.length > 0)
    findings.push({
      severity: 'error',
      code: 'bms.credentialsIncomplete',
      path: 'spec.credentials.name',
      params: { name: creds.name, missing: missing.join(', ') },
    });
  return findings;
}
