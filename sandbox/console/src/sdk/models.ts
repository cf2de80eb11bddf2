// The model registry the console builds from API discovery. Flags from `console.flag/model`
// and every watch resolve their group/version/kind against it, so a CRD that is not installed
// behaves exactly as in the console: no flag, and watches report "model does not exist".
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';
import { API_BASE, consoleFetchJSON } from './fetch';

interface ApiResource {
  name: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
  shortNames?: string[];
}

const byRef = new Map<string, K8sModel>();
const preferred = new Map<string, K8sModel>();

export const refOf = (group: string | undefined, version: string, kind: string) =>
  `${group && group !== 'core' ? group : 'core'}~${version}~${kind}`;

function addResources(
  group: string,
  version: string,
  resources: ApiResource[],
  isPreferred: boolean,
) {
  for (const r of resources) {
    if (r.name.includes('/')) continue;
    const model: K8sModel = {
      kind: r.kind,
      apiGroup: group || undefined,
      apiVersion: version,
      plural: r.name,
      namespaced: r.namespaced,
      abbr: r.kind.replace(/[a-z]/g, '').slice(0, 4) || r.kind.slice(0, 2).toUpperCase(),
      label: r.kind,
      labelPlural: `${r.kind}s`,
      verbs: r.verbs as K8sModel['verbs'],
      shortNames: r.shortNames,
      crd: Boolean(group),
    };
    byRef.set(refOf(group, version, r.kind), model);
    const gk = `${group || 'core'}~${r.kind}`;
    if (isPreferred || !preferred.has(gk)) preferred.set(gk, model);
  }
}

/** Loads discovery once at start-up, like the console does before rendering plugins. */
export async function loadModels(): Promise<void> {
  const core = (await consoleFetchJSON(`${API_BASE}/api/v1`)) as { resources: ApiResource[] };
  addResources('', 'v1', core.resources, true);
  const groups = (await consoleFetchJSON(`${API_BASE}/apis`)) as {
    groups: {
      name: string;
      versions: { version: string }[];
      preferredVersion?: { version: string };
    }[];
  };
  await Promise.all(
    groups.groups.flatMap((g) =>
      g.versions.map(async (v) => {
        const list = (await consoleFetchJSON(`${API_BASE}/apis/${g.name}/${v.version}`)) as {
          resources: ApiResource[];
        };
        addResources(g.name, v.version, list.resources, g.preferredVersion?.version === v.version);
      }),
    ),
  );
}

export function getModel(group: string | undefined, version: string | undefined, kind: string) {
  if (version) return byRef.get(refOf(group, version, kind));
  return preferred.get(`${group || 'core'}~${kind}`);
}

export function getModelByRef(ref: string): K8sModel | undefined {
  const [group, version, kind] = ref.split('~');
  if (!group || !version || !kind) return undefined;
  return getModel(group, version, kind);
}

export function allModels(): Record<string, K8sModel> {
  return Object.fromEntries(byRef);
}
