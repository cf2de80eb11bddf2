// In-memory object store: one Map per resource type, a global resourceVersion counter, a ring
// buffer of recent watch events for resourceVersion replay, and in-order fan-out to listeners.
// Each stored version keeps its JSON text, so lists, watches and the log reuse one serialization.
import type { K8sResource } from '../../src/shared/model/k8s';
import type { WatchEventType } from './api';
import type { Persistence } from './persistence';
import type { ResourceDef } from './registry';
import { RESOURCES, typeKey } from './registry';

export interface Entry {
  readonly obj: K8sResource;
  readonly json: string;
  readonly rv: number;
}

export interface StoreEvent {
  type: WatchEventType;
  def: ResourceDef;
  entry: Entry;
  /** The version this event replaced (MODIFIED only): watchers with selectors need it. */
  prev?: Entry;
}

export type StoreListener = (event: StoreEvent) => void;

export function objectKey(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}

/** Serializes with apiVersion, kind and metadata first, as the API server does. */
export function toEntry(obj: K8sResource, rv: number): Entry {
  const { apiVersion, kind, metadata, ...rest } = obj;
  const ordered: K8sResource = { apiVersion, kind, metadata, ...rest };
  return { obj: ordered, json: JSON.stringify(ordered), rv };
}

export class Store {
  private rv = 0;
  private readonly tables = new Map<string, Map<string, Entry>>();
  private readonly uidIndex = new Map<string, { def: ResourceDef; key: string }>();
  private readonly sortedCache = new Map<string, string[]>();
  private readonly history: (StoreEvent | undefined)[];
  private historyStart = 0;
  private historyLength = 0;
  private readonly listeners = new Map<string, Set<StoreListener>>();
  private readonly queue: StoreEvent[] = [];
  private dispatching = false;
  persistence: Persistence | undefined;

  constructor(historyCapacity = 8192) {
    this.history = new Array<StoreEvent | undefined>(historyCapacity);
    for (const def of RESOURCES) this.tables.set(typeKey(def), new Map());
  }

  get resourceVersion(): number {
    return this.rv;
  }

  nextResourceVersion(): number {
    return this.rv + 1;
  }

  /**
   * The table's keys in list order, cached until an object is added or removed: a paged list of
   * 25,000 objects asks for them once per page (100 pages at the console's 250).
   */
  sortedKeys(def: ResourceDef): readonly string[] {
    const t = typeKey(def);
    let keys = this.sortedCache.get(t);
    if (!keys) {
      keys = [...this.table(def).keys()].sort();
      this.sortedCache.set(t, keys);
    }
    return keys;
  }

  table(def: ResourceDef): Map<string, Entry> {
    const t = this.tables.get(typeKey(def));
    if (!t) throw new Error(`unregistered type ${typeKey(def)}`);
    return t;
  }

  get(def: ResourceDef, namespace: string | undefined, name: string): Entry | undefined {
    return this.table(def).get(objectKey(namespace, name));
  }

  byUid(uid: string): Entry | undefined {
    const loc = this.uidIndex.get(uid);
    return loc ? this.table(loc.def).get(loc.key) : undefined;
  }

  /** Loads persisted objects without events or log records. */
  restore(
    defs: Map<string, ResourceDef>,
    objects: Map<string, Map<string, string>>,
    rv: number,
  ): void {
    for (const [t, rows] of objects) {
      const def = defs.get(t);
      if (!def) continue;
      const table = this.table(def);
      for (const [key, json] of rows) {
        const obj = JSON.parse(json) as K8sResource;
        const entryRv = Number(obj.metadata?.resourceVersion ?? 0);
        table.set(key, { obj, json, rv: entryRv });
        const uid = obj.metadata?.uid;
        if (uid) this.uidIndex.set(uid, { def, key });
      }
    }
    this.rv = rv;
    this.sortedCache.clear();
  }

  /**
   * Stores `obj` (whose metadata.resourceVersion the caller set to nextResourceVersion()). The log
   * record is written first: if storage refuses it, this throws and nothing changes in memory.
   */
  put(def: ResourceDef, obj: K8sResource): Entry {
    const rv = this.rv + 1;
    const entry = toEntry(obj, rv);
    const key = objectKey(obj.metadata?.namespace, obj.metadata?.name ?? '');
    this.persistence?.append({ rv, op: 'put', t: typeKey(def), k: key, json: entry.json });
    this.rv = rv;
    const table = this.table(def);
    const prev = table.get(key);
    table.set(key, entry);
    if (!prev) this.sortedCache.delete(typeKey(def));
    const uid = obj.metadata?.uid;
    if (uid) this.uidIndex.set(uid, { def, key });
    this.emit(prev ? { type: 'MODIFIED', def, entry, prev } : { type: 'ADDED', def, entry });
    return entry;
  }

  remove(def: ResourceDef, obj: K8sResource): Entry {
    const rv = this.rv + 1;
    const meta = { ...obj.metadata, resourceVersion: String(rv) };
    const entry = toEntry({ ...obj, metadata: meta }, rv);
    const key = objectKey(obj.metadata?.namespace, obj.metadata?.name ?? '');
    this.persistence?.append({ rv, op: 'del', t: typeKey(def), k: key });
    this.rv = rv;
    if (this.table(def).delete(key)) this.sortedCache.delete(typeKey(def));
    if (meta.uid) this.uidIndex.delete(meta.uid);
    this.emit({ type: 'DELETED', def, entry });
    return entry;
  }

  private emit(event: StoreEvent): void {
    const cap = this.history.length;
    const slot = (this.historyStart + this.historyLength) % cap;
    this.history[slot] = event;
    if (this.historyLength < cap) this.historyLength++;
    else this.historyStart = (this.historyStart + 1) % cap;
    // A listener that writes from inside its callback must not reorder what others see, so
    // nested events wait in the queue until the current one reached every listener.
    this.queue.push(event);
    if (this.dispatching) return;
    this.dispatching = true;
    try {
      for (let ev = this.queue.shift(); ev; ev = this.queue.shift()) {
        const set = this.listeners.get(typeKey(ev.def));
        if (!set) continue;
        for (const l of [...set]) {
          try {
            l(ev);
          } catch (err) {
            console.error('sandbox cluster: watch listener failed', err);
          }
        }
      }
    } finally {
      this.dispatching = false;
    }
  }

  /**
   * Events with resourceVersion > `since` for this type, or undefined when the ring buffer no
   * longer reaches back that far (the caller answers 410 Gone).
   */
  eventsSince(def: ResourceDef, since: number): StoreEvent[] | undefined {
    const cap = this.history.length;
    const oldest = this.historyLength > 0 ? this.history[this.historyStart % cap] : undefined;
    const oldestRv = oldest ? oldest.entry.rv : this.rv + 1;
    if (since < this.rv && since < oldestRv - 1) return undefined;
    const out: StoreEvent[] = [];
    const key = typeKey(def);
    for (let i = 0; i < this.historyLength; i++) {
      const ev = this.history[(this.historyStart + i) % cap];
      if (ev && ev.entry.rv > since && typeKey(ev.def) === key) out.push(ev);
    }
    return out;
  }

  subscribe(def: ResourceDef, listener: StoreListener): () => void {
    const key = typeKey(def);
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  listenerCount(): number {
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }

  /** Snapshot lines for the persistence layer: `<typeKey>\t<objectKey>\t<json>`. */
  *snapshotLines(): Iterable<string> {
    for (const [t, table] of this.tables) {
      for (const [key, entry] of table) yield `${t}\t${key}\t${entry.json}`;
    }
  }

  allTables(): Iterable<[string, Map<string, Entry>]> {
    return this.tables.entries();
  }
}
