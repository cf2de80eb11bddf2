// API discovery as the console does it: the models go into the store's k8s.RESOURCES (where the
// SDK's useK8sModel and watch hooks look them up, so a CRD that is not installed gives the SDK's
// NoModelError) and model flags are re-evaluated from each result. Discovery repeats every 60 s
// (openshift/console release-4.22 frontend/packages/console-dynamic-plugin-sdk/src/app/k8s/
// api-discovery/api-discovery.ts), so a CRD installed later is seen without a reload. The host
// shell also keeps a synchronous registry here for its routes and navigation.
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';
import { coFetchJSON } from '../console/shared/src/utils/console-fetch';

const API_BASE = '/api/kubernetes';
export const DISCOVERY_INTERVAL_MS = 60_000;

interface ApiResource {
  name: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
  shortNames?: string[];
}

const byRef = new Map<string, K8sModel>();
let found: K8sModel[] = [];
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
    found.push(model);
    const gk = `${group || 'core'}~${r.kind}`;
    if (isPreferred || !preferred.has(gk)) preferred.set(gk, model);
  }
}

/** Runs discovery once and returns every model found. */
export async function loadModels(): Promise<K8sModel[]> {
  found = [];
  const consoleFetchJSON = (url: string) => coFetchJSON(url, 'GET', {}, null);
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
  return found;
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
