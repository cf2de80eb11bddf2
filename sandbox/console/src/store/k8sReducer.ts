// The `k8s` slice of the console's redux store, written here because the published SDK package
// ships the actions and hooks that read and write it (lib/app/k8s/actions/k8s.js,
// lib/utils/k8s/hooks/*) but not the reducer. Behaviour follows openshift/console release-4.22
// frontend/packages/console-dynamic-plugin-sdk/src/app/k8s/reducers/k8s.ts (read there, written
// anew here):
// - every watch lives under its redux id as an Immutable.js 3.8 Map {loaded, loadError, data, …};
//   list data is an Immutable Map keyed "(namespace)-name" of fromJS-converted objects, so lists
//   of more than 8 objects iterate in hash order, not in the API's order;
// - a WebSocket update whose only difference is metadata.resourceVersion is dropped (the old object
//   with its old resourceVersion stays), as is any update that is not more recent;
// - the first page of a (re-)list removes every stored object not on that page, warning once per
//   object that has no deletionTimestamp; later pages are merged in unconditionally;
// - a failed (re-)list keeps the data and only sets loadError;
// - a single-object watch stores whatever object arrives, DELETED events included.
import { Map as ImmutableMap, fromJS } from 'immutable';
import type { K8sModel } from '@openshift-console/dynamic-plugin-sdk';

// Action type strings of the SDK's k8s actions (lib/app/k8s/actions/k8s.js `ActionType`). The
// reducer cannot import that module in Node (it pulls in the fetch layer), so the strings are
// repeated; the Playwright probe tests exercise every one of them through the real actions.
export const K8sActionType = {
  ReceivedResources: 'resources',
  GetResourcesInFlight: 'getResourcesInFlight',
  StartWatchK8sObject: 'startWatchK8sObject',
  StartWatchK8sList: 'startWatchK8sList',
  ModifyObject: 'modifyObject',
  StopWatchK8s: 'stopWatchK8s',
  Errored: 'errored',
  Loaded: 'loaded',
  BulkAddToList: 'bulkAddToList',
  UpdateListFromWS: 'updateListFromWS',
  FilterList: 'filterList',
} as const;

export type Imm = ImmutableMap<string, unknown>;

export interface K8sObject {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    creationTimestamp?: string;
    deletionTimestamp?: string;
  };
  status?: { catalogSource?: string };
  [key: string]: unknown;
}

export interface WatchEvent {
  type: string;
  object: K8sObject;
}

export interface DiscoveryResources {
  models: K8sModel[];
  [key: string]: unknown;
}

export interface K8sAction {
  type: string;
  payload?: {
    id?: string;
    k8sObjects?: unknown;
    name?: string;
    value?: unknown;
    resources?: DiscoveryResources;
  };
}

export const referenceFor = (m: { apiGroup?: string; apiVersion: string; kind: string }) =>
  `${m.apiGroup || 'core'}~${m.apiVersion}~${m.kind}`;

const isImm = (v: unknown): v is Imm => ImmutableMap.isMap(v);

/** The list key the console uses: "(namespace)-name" (PackageManifests add their catalog). */
export function qualifiedName(obj: K8sObject): string {
  const name = obj.metadata?.name ?? '';
  const ns = obj.metadata?.namespace;
  if (obj.apiVersion === 'packages.operators.coreos.com/v1' && obj.kind === 'PackageManifest') {
    return `(${obj.status?.catalogSource ?? ''})-${name}`;
  }
  return (ns ? `(${ns})-` : '') + name;
}

function metaOf(o: Imm): NonNullable<K8sObject['metadata']> {
  const m = o.get('metadata');
  return isImm(m) ? (m.toJS() as NonNullable<K8sObject['metadata']>) : {};
}

/** Newer creation wins between different objects; a higher resourceVersion within one object. */
function isMoreRecent(a: Imm, b: Imm): boolean {
  const ma = metaOf(a);
  const mb = metaOf(b);
  if (ma.uid !== mb.uid) {
    return new Date(ma.creationTimestamp ?? 0) > new Date(mb.creationTimestamp ?? 0);
  }
  return parseInt(ma.resourceVersion ?? '', 10) > parseInt(mb.resourceVersion ?? '', 10);
}

function applyUpsert(list: Imm, obj: K8sObject): Imm {
  const key = qualifiedName(obj);
  const current = list.get(key);
  const next = fromJS(obj) as Imm;
  if (!isImm(current)) return list.set(key, next);
  if (!isMoreRecent(next, current)) return list;
  const withoutRv = (o: Imm) => o.deleteIn(['metadata', 'resourceVersion']);
  // Only the resourceVersion moved: the console keeps the stored object (and its old version).
  if (withoutRv(current).equals(withoutRv(next))) return list;
  return list.set(key, next);
}

function applyFirstPage(old: Imm, items: K8sObject[]): Imm {
  const leftOver = new Set<string>(old.keySeq().toArray());
  return old.withMutations((list) => {
    for (const item of items) {
      const key = qualifiedName(item);
      leftOver.delete(key);
      const next = fromJS(item) as Imm;
      const current = list.get(key);
      if (!isImm(current) || isMoreRecent(next, current)) list.set(key, next);
    }
    for (const key of leftOver) {
      const current = list.get(key);
      const meta = isImm(current) ? metaOf(current) : {};
      if (!meta.deletionTimestamp) {
        console.warn(
          `${meta.namespace ?? 'undefined'}-${meta.name ?? 'undefined'} is gone with no deletion timestamp!`,
        );
      }
      list.delete(key);
    }
  });
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      Object.prototype.hasOwnProperty.call(b, k) &&
      jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

export function initialK8sState(): Imm {
  return ImmutableMap<string, unknown>({
    RESOURCES: ImmutableMap<string, unknown>({
      models: ImmutableMap<string, K8sModel>(),
      inFlight: false,
      loaded: false,
    }),
  });
}

/**
 * Static models (the console's `@console/internal/models`) are stored under their kind, every
 * other discovered model under its reference; verbs and short names come from discovery.
 * A model already stored is left alone, as in the console (discovery only ever adds).
 */
function receiveModels(state: Imm, resources: DiscoveryResources, staticModels: K8sModel[]): Imm {
  let next = state;
  for (const model of resources.models) {
    const ref = referenceFor(model);
    const models = next.getIn(['RESOURCES', 'models']) as ImmutableMap<string, K8sModel>;
    if (models.has(ref)) continue;
    const byKind = models.get(model.kind) as K8sModel | undefined;
    if (byKind && referenceFor(byKind) === ref) continue;
    const staticModel = staticModels.find((s) => referenceFor(s) === ref);
    const key = staticModel ? model.kind : ref;
    const value: K8sModel = {
      ...(staticModel ?? model),
      verbs: model.verbs,
      shortNames: model.shortNames,
    };
    next = next.setIn(['RESOURCES', 'models', key], value);
  }
  for (const [k, v] of Object.entries(resources)) {
    if (k !== 'models') next = next.setIn(['RESOURCES', k], v);
  }
  return next.setIn(['RESOURCES', 'inFlight'], false).setIn(['RESOURCES', 'loaded'], true);
}

export function createK8sReducer(staticModels: K8sModel[]) {
  return function k8sReducer(state: Imm | undefined, action: K8sAction): Imm {
    if (!state) return initialK8sState();
    const p = action.payload ?? {};
    const id = p.id ?? '';
    const data: unknown = id ? state.getIn([id, 'data']) : undefined;
    switch (action.type) {
      case K8sActionType.GetResourcesInFlight:
        return state.setIn(['RESOURCES', 'inFlight'], true);
      case K8sActionType.ReceivedResources:
        return p.resources ? receiveModels(state, p.resources, staticModels) : state;
      case K8sActionType.StartWatchK8sObject:
        // `data` starts as a plain {} (not Immutable), so the hook reports data `null` until the
        // first object arrives, as in the console.
        return state.set(
          id,
          ImmutableMap<string, unknown>({ loadError: '', loaded: false, data: {} }),
        );
      case K8sActionType.StartWatchK8sList:
        if (data) return state;
        return state.set(
          id,
          ImmutableMap<string, unknown>({
            loadError: '',
            loaded: false,
            data: ImmutableMap(),
            filters: ImmutableMap(),
            selected: null,
          }),
        );
      case K8sActionType.ModifyObject: {
        const obj = p.k8sObjects as K8sObject;
        if (isImm(data)) {
          const current = data.toJS() as K8sObject;
          current.metadata = {
            ...current.metadata,
            resourceVersion: obj.metadata?.resourceVersion,
          };
          if (jsonEqual(current, obj)) return state;
        }
        const entry = state.get(id);
        const base = isImm(entry) ? entry : ImmutableMap<string, unknown>();
        return state.set(id, base.merge({ loadError: '', loaded: true, data: fromJS(obj) as Imm }));
      }
      case K8sActionType.StopWatchK8s:
        return state.delete(id);
      case K8sActionType.Errored:
        if (!data) return state;
        // Keep the data and the loaded state: stale data beats data that vanishes.
        return state.setIn([id, 'loadError'], p.k8sObjects);
      case K8sActionType.Loaded: {
        if (!isImm(data)) return state;
        const loadedState = state.setIn([id, 'loaded'], true).setIn([id, 'loadError'], '');
        return loadedState.setIn(
          [id, 'data'],
          applyFirstPage(data, (p.k8sObjects as K8sObject[] | undefined) ?? []),
        );
      }
      case K8sActionType.UpdateListFromWS: {
        if (!isImm(data)) return state;
        let list = data;
        for (const ev of (p.k8sObjects as WatchEvent[] | undefined) ?? []) {
          if (ev.type === 'DELETED') list = list.delete(qualifiedName(ev.object));
          else if (ev.type === 'ADDED' || ev.type === 'MODIFIED')
            list = applyUpsert(list, ev.object);
          // ERROR (410 Gone included), BOOKMARK and anything else: ignored with a warning.
          else console.warn(`unknown websocket action: ${ev.type}`);
        }
        return list === data ? state : state.setIn([id, 'data'], list);
      }
      case K8sActionType.BulkAddToList: {
        if (!isImm(data)) return state;
        const items = (p.k8sObjects as K8sObject[] | undefined) ?? [];
        const added = ImmutableMap<string, unknown>().withMutations((m) => {
          for (const item of items) m.set(qualifiedName(item), fromJS(item));
        });
        return state.setIn([id, 'data'], data.merge(added));
      }
      case K8sActionType.FilterList:
        return state.setIn([id, 'filters', p.name ?? ''], p.value);
      default:
        return state;
    }
  };
}
