// The NAD validator: envelope rules (nad-validation.md §5.1), then per-plugin, IPAM and
// cluster-aware rules. Returns codes with JSON paths and positions; never English, never throws.
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type { JsonObject } from '../model/json';
import type { Finding, ValidationContext } from '../model/types';
import { Collector, isKnownCniVersion, objAt, show, str, type RuleEnv } from './collector';
import { joinPath } from './json';
import { isManagedNad } from './managed';
import { parseNadConfig } from './parseCniConfig';
import { getPlugins } from './pools';
import { validateCluster } from './validateCluster';
import { validateIpam } from './validateIpam';
import { validatePlugin } from './validatePlugins';
import { DNS1123_LABEL } from '../../../shared/logic/labels';

const CNI_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/;
const RESERVED_KEYS = ['runtimeConfig', 'args', 'prevResult'];

function validateMetadata(
  c: Collector,
  nad: NetworkAttachmentDefinition,
  env: Pick<RuleEnv, 'platform'>,
): void {
  const name = nad.metadata.name;
  if (typeof name !== 'string' || name.length > 63 || !DNS1123_LABEL.test(name)) {
    c.error('nad.nameInvalid', 'metadata.name', { value: show(name) });
  } else if (env.platform === 'openshift' && name.startsWith('0')) {
    c.error('nad.nameLeadingZero', 'metadata.name', { value: name });
  }
  if (!nad.metadata.namespace) c.info('nad.namespaceMissing', 'metadata.namespace');
  const managed = isManagedNad(nad);
  if (managed.managed) {
    c.warn('nad.managed', 'metadata', {
      manager: managed.manager ?? '',
      owner: managed.owner?.name ?? '',
    });
  }
}

function checkReserved(c: Collector, obj: JsonObject, path: string): void {
  for (const key of Object.keys(obj)) {
    if (RESERVED_KEYS.includes(key) || key.startsWith('cni.dev/')) {
      const p = joinPath(path, key);
      c.warn('config.reservedKey', p, { key }, { kind: 'remove', path: p });
    }
  }
}

function validateEnvelope(env: RuleEnv): void {
  const { c, root, nad } = env;
  const rootType = root.type;
  const plugins = root.plugins;
  if (rootType !== undefined && plugins !== undefined)
    c.error('config.typeAndPlugins', '$.plugins');
  if (
    rootType !== undefined &&
    (typeof rootType !== 'string' || rootType === '' || /[/\\]/.test(rootType))
  ) {
    c.error('config.typeInvalid', '$.type', {
      value: typeof rootType === 'string' ? rootType : JSON.stringify(rootType),
    });
  }
  if (!env.isConflist && rootType === undefined) {
    if (plugins === undefined) c.error('config.typeRequired', '$');
    else if (!Array.isArray(plugins) || plugins.length === 0)
      c.error('config.pluginsInvalid', '$.plugins');
  }
  if (env.isConflist && Array.isArray(plugins)) {
    if (plugins.length === 0) c.error('config.pluginsInvalid', '$.plugins');
    plugins.forEach((p, i) => {
      const path = `$.plugins[${i}]`;
      if (typeof p !== 'object' || p === null || Array.isArray(p))
        c.error('config.pluginInvalid', path);
      else if (p.type === undefined) c.error('config.typeRequired', path);
      else if (typeof p.type !== 'string' || p.type === '' || /[/\\]/.test(p.type)) {
        c.error('config.typeInvalid', joinPath(path, 'type'), { value: show(p.type) });
      }
    });
  }
  const name = root.name;
  const metaName = nad.metadata.name;
  if (name === undefined || name === '') {
    if (env.isConflist) {
      const fix = { kind: 'replace' as const, path: '$.name', value: metaName };
      if (env.platform === 'openshift') c.error('config.conflistNameRequired', '$', undefined, fix);
      else c.warn('config.conflistNameRequired', '$', undefined, fix);
    } else c.info('config.nameInjected', '$', { value: metaName });
  } else if (typeof name !== 'string') {
    c.error('config.fieldType', '$.name', { key: 'name', expected: 'string', actual: typeof name });
  } else if (!CNI_NAME.test(name)) {
    c.error('config.nameInvalid', '$.name', { value: name });
  } else if (name !== metaName) {
    c.info('config.nameMismatch', '$.name', { value: name, expected: metaName });
  }
  const v = root.cniVersion;
  if (v === undefined) {
    c.warn('config.cniVersionMissing', '$', undefined, {
      kind: 'replace',
      path: '$.cniVersion',
      value: '0.3.1',
    });
  } else if (typeof v !== 'string' || !isKnownCniVersion(v)) {
    const fix =
      typeof v === 'number' || (typeof v === 'string' && isKnownCniVersion(v.trim()))
        ? { kind: 'replace' as const, path: '$.cniVersion', value: show(v).trim() }
        : undefined;
    c.error(
      'config.cniVersionInvalid',
      '$.cniVersion',
      { value: typeof v === 'string' ? v : JSON.stringify(v) },
      fix && isKnownCniVersion(show(fix.value)) ? fix : undefined,
    );
  }
  checkReserved(c, root, '$');
  if (env.isConflist) for (const p of env.plugins) checkReserved(c, p.obj, p.path);
  const caps = (obj: JsonObject, path: string): void => {
    const cap = obj.capabilities;
    if (cap === undefined) return;
    const capObj = objAt(obj, 'capabilities');
    if (!capObj || Object.values(capObj).some((x) => typeof x !== 'boolean'))
      c.error('config.capabilitiesInvalid', joinPath(path, 'capabilities'));
  };
  for (const p of env.plugins) caps(p.obj, p.path);
}

/**
 * Real CNI configurations are a few hundred bytes. Anything past this is pasted garbage or an
 * accident; it is rejected before parsing so the editor stays responsive.
 */
export const MAX_CONFIG_BYTES = 256 * 1024;

export function validateNad(
  nad: NetworkAttachmentDefinition,
  context?: ValidationContext,
): Finding[] {
  const platform = context?.platform ?? 'openshift';
  const text = nad.spec?.config;
  if (typeof text !== 'string' || text === '') {
    const c = new Collector();
    validateMetadata(c, nad, { platform });
    c.warn('nad.configEmpty', 'spec.config');
    return c.findings;
  }
  if (text.length > MAX_CONFIG_BYTES) {
    const c = new Collector();
    validateMetadata(c, nad, { platform });
    c.findings.push({
      severity: 'error',
      code: 'nad.configTooLarge',
      path: 'spec.config',
      params: { size: text.length, max: MAX_CONFIG_BYTES },
    });
    return c.findings;
  }
  const parsed = parseNadConfig(nad, text);
  if (!parsed.ok) {
    const c = new Collector();
    validateMetadata(c, nad, { platform });
    const { code, params, line, column, offset } = parsed.error;
    const f: Finding = { severity: 'error', code, path: '$', position: { line, column, offset } };
    if (params) f.params = params;
    c.findings.push(f);
    return c.findings;
  }
  const c = new Collector(parsed.positions);
  validateMetadata(c, nad, { platform });
  for (const d of parsed.duplicates)
    c.warn('json.duplicateKey', d.path, { key: d.path.slice(d.path.lastIndexOf('.') + 1) });
  const root = parsed.value;
  const plugins = getPlugins(root);
  const rootType = str(root, 'type');
  const env: RuleEnv = {
    c,
    nad,
    ctx: context,
    platform,
    root,
    plugins,
    isConflist: (rootType === undefined || rootType === '') && Array.isArray(root.plugins),
    cniVersion: str(root, 'cniVersion'),
  };
  validateEnvelope(env);
  plugins.forEach((p, i) => {
    if (p.type === '') return;
    validatePlugin(env, p, i);
    validateIpam(env, p, i);
  });
  validateCluster(env);
  return c.findings;
}

export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
