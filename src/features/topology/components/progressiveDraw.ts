// Drawing a big model in steps. The library builds a mobx element for every node and edge in
// one `fromModel` call and renders them in the same task; at 500 folded nodes that task and the
// young-generation garbage collection it sets off were the longest main-thread block of the
// cluster view's load (issue 23: <= 200 ms). A step adds at most a budget of new elements; what
// is already drawn always stays, so live updates and an expanded node keep drawing at once.
import type { EdgeModel, Model, NodeModel } from '@patternfly/react-topology';

/**
 * New elements a step may add. The step's task renders each new element's components and
 * creates its SVG, then the browser styles and lays them out: at 100 folded nodes that came to
 * 190 ms on a slow host (2026-12-07), at 50 about half, which keeps the load under the 200 ms
 * block budget with room for the task that builds the next page.
 */
export const PROGRESSIVE_STEP_ELEMENTS = 50;

export interface ProgressiveStep {
  /** The model to hand to `fromModel`: every drawn unit, plus this step's new ones. */
  model: Model;
  /** Ids of the nodes and edges in `model`: what is drawn after this step. */
  ids: Set<string>;
  /** Every unit of the full model is in `model`. */
  complete: boolean;
}

/**
 * One step towards drawing `model` when `drawn` holds the ids drawn so far. A unit is a top-level
 * node with, for a group, all its children: a group is never drawn without its members. Units
 * already drawn (any of their ids) are kept whatever the budget; new units are added in model
 * order until their elements reach `budget`, and at least one is added so every step makes
 * progress. An edge is drawn once both its ends are.
 */
export function progressiveStep(
  model: Model,
  drawn: ReadonlySet<string>,
  budget: number = PROGRESSIVE_STEP_ELEMENTS,
): ProgressiveStep {
  const nodes = model.nodes ?? [];
  const edges = model.edges ?? [];
  const byId = new Map<string, NodeModel>();
  for (const n of nodes) byId.set(n.id, n);
  const parentOf = new Map<string, string>();
  for (const n of nodes) if (n.group) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const topOf = (id: string): string => {
    let top = id;
    // A parent chain is short (node group, interface); the bound keeps a malformed cycle finite.
    for (let i = 0; i < 16; i++) {
      const p = parentOf.get(top);
      if (p === undefined || !byId.has(p)) break;
      top = p;
    }
    return top;
  };
  const members = new Map<string, string[]>();
  for (const n of nodes) {
    const top = topOf(n.id);
    const list = members.get(top);
    if (list) list.push(n.id);
    else members.set(top, [n.id]);
  }

  const included = new Set<string>();
  let added = 0;
  let complete = true;
  for (const [, ids] of members) {
    const old = ids.some((id) => drawn.has(id));
    if (!old && added > 0 && added + ids.length > budget) {
      complete = false;
      continue;
    }
    for (const id of ids) included.add(id);
    if (!old) added += ids.length;
  }
  if (complete) return { model, ids: new Set([...included, ...edges.map((e) => e.id)]), complete };

  const keptNodes = nodes.filter((n) => included.has(n.id));
  const keptEdges: EdgeModel[] = edges.filter(
    (e) =>
      e.source !== undefined &&
      e.target !== undefined &&
      included.has(e.source) &&
      included.has(e.target),
  );
  for (const e of keptEdges) included.add(e.id);
  return {
    model: { ...model, nodes: keptNodes, edges: keptEdges },
    ids: included,
    complete: false,
  };
}
