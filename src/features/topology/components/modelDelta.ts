// What a new model changes in the drawn one, when it adds and removes nothing. The library's
// `fromModel` calls `setModel` on every element of the model and then checks each element's id
// against an array of all ids (a scan per element), whatever changed: at 500 folded nodes that was
// half of the work of each live update (issue 23's rollout storm, <= 50 ms per block). A live
// update that keeps every element (status flips, counts, a moved node) instead gets `setModel`
// only on the elements whose model differs, which is what `fromModel` would have changed.
import type { EdgeModel, Model, NodeModel } from '@patternfly/react-topology';

export interface ModelDelta {
  nodes: NodeModel[];
  edges: EdgeModel[];
}

function sameArray(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The same own keys with identical values: the cache check of an element's data object
 * (toPatternFlyModel) and of a model's `graph` and `style` here.
 */
export function sameRecord(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  return keys.every((k) => Object.hasOwn(rb, k) && ra[k] === rb[k]);
}

/**
 * The same element model, as `setModel` reads it: every field by identity, except `style`
 * (the library copies it into its own object, so an equal one changes nothing) and `children`
 * (compared by content; a changed child list is structure, see `modelDelta`).
 */
function sameElementModel(a: NodeModel | EdgeModel, b: NodeModel | EdgeModel): boolean {
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  for (const k of keys) {
    if (!Object.hasOwn(rb, k)) return false;
    if (
      k === 'style'
        ? !sameRecord(ra[k], rb[k])
        : k === 'children'
          ? !sameArray(ra[k], rb[k])
          : ra[k] !== rb[k]
    )
      return false;
  }
  return true;
}

/**
 * The elements of `next` whose model differs from `drawn`'s, or null when `next` changes the
 * structure: another graph model, an element added, removed, reordered or re-typed, another
 * group membership or edge end. Structure goes through `fromModel`, which creates, removes and
 * re-parents elements; everything else is `setModel` on the changed elements alone.
 */
export function modelDelta(drawn: Model, next: Model): ModelDelta | null {
  if (!sameRecord(drawn.graph, next.graph)) return null;
  const dn = drawn.nodes ?? [];
  const nn = next.nodes ?? [];
  const de = drawn.edges ?? [];
  const ne = next.edges ?? [];
  if (dn.length !== nn.length || de.length !== ne.length) return null;
  const nodes: NodeModel[] = [];
  for (let i = 0; i < nn.length; i++) {
    const a = dn[i] as NodeModel;
    const b = nn[i] as NodeModel;
    if (a === b) continue;
    if (a.id !== b.id || a.type !== b.type || a.group !== b.group) return null;
    if (!sameArray(a.children, b.children)) return null;
    if (!sameElementModel(a, b)) nodes.push(b);
  }
  const edges: EdgeModel[] = [];
  for (let i = 0; i < ne.length; i++) {
    const a = de[i] as EdgeModel;
    const b = ne[i] as EdgeModel;
    if (a === b) continue;
    if (a.id !== b.id || a.type !== b.type || a.source !== b.source || a.target !== b.target)
      return null;
    if (!sameElementModel(a, b)) edges.push(b);
  }
  return { nodes, edges };
}
