// Deterministic positions for the topology graph, plus a merge with remembered positions so a
// live update moves nothing that was already on screen. A force or dagre layout of the whole graph
// would re-place every node whenever one interface appears; here each node group is laid out on
// its own (layers from the dependency graph: NICs at the bottom, bonds, VLANs and bridges above)
// and only elements that are new get a computed position.
import type { GraphEdge, TopologyGraph } from '../model/types';

export interface Point {
  x: number;
  y: number;
}

/** Horizontal distance between interfaces; wide enough for a two-line label. */
export const COLUMN_WIDTH = 170;
/** Vertical distance between layers. */
export const ROW_HEIGHT = 140;
/** Free space between node groups. */
export const GROUP_GAP = 120;
/** Size of an interface node; summary nodes are wider. */
export const NODE_SIZE = 56;
export const SUMMARY_WIDTH = 150;
export const SUMMARY_HEIGHT = 64;

/** Edges that stack interfaces (upper -> lower); patch peers and LLDP links do not form layers. */
function isLayerEdge(e: GraphEdge): boolean {
  return e.kind !== 'ovs-patch' && e.kind !== 'lldp';
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

interface Block {
  /** Relative positions (top-left of each node) inside the block. */
  positions: Map<string, Point>;
  width: number;
  height: number;
}

/**
 * Layers one group: a node's level is the longest chain of lower interfaces under it, so a
 * VLAN on a bond on two NICs stacks three high whatever the interface types. Lower layers are
 * ordered by the mean column of their upper interfaces (barycentre) so ports sit under their
 * bridge or bond.
 */
export function layoutLayers(ids: readonly string[], edges: readonly GraphEdge[]): Block {
  const members = new Set(ids);
  const lower = new Map<string, string[]>();
  const upper = new Map<string, string[]>();
  for (const e of edges) {
    if (!isLayerEdge(e) || !members.has(e.source) || !members.has(e.target)) continue;
    if (e.source === e.target) continue;
    push(lower, e.source, e.target);
    push(upper, e.target, e.source);
  }
  const level = new Map<string, number>();
  const visiting = new Set<string>();
  const levelOf = (id: string): number => {
    const known = level.get(id);
    if (known !== undefined) return known;
    // A reference cycle (bad input) must not recurse forever: the repeated node counts as a leaf.
    if (visiting.has(id)) return 0;
    visiting.add(id);
    let l = 0;
    for (const child of lower.get(id) ?? []) l = Math.max(l, levelOf(child) + 1);
    visiting.delete(id);
    level.set(id, l);
    return l;
  };
  let maxLevel = 0;
  const sorted = [...ids].sort(cmp);
  for (const id of sorted) maxLevel = Math.max(maxLevel, levelOf(id));
  const rows: string[][] = Array.from({ length: maxLevel + 1 }, () => []);
  for (const id of sorted) rows[maxLevel - (level.get(id) ?? 0)]?.push(id);
  const column = new Map<string, number>();
  for (const row of rows) {
    const keyed = row.map((id) => {
      const parents = (upper.get(id) ?? []).filter((p) => column.has(p));
      const bary =
        parents.length > 0
          ? parents.reduce((s, p) => s + (column.get(p) ?? 0), 0) / parents.length
          : Number.POSITIVE_INFINITY;
      return { id, bary };
    });
    keyed.sort((a, b) => (a.bary === b.bary ? cmp(a.id, b.id) : a.bary - b.bary));
    row.length = 0;
    keyed.forEach((k, i) => {
      row.push(k.id);
      column.set(k.id, i);
    });
  }
  const widest = Math.max(1, ...rows.map((r) => r.length));
  const positions = new Map<string, Point>();
  rows.forEach((row, r) => {
    const offset = ((widest - row.length) * COLUMN_WIDTH) / 2;
    row.forEach((id, c) => positions.set(id, { x: offset + c * COLUMN_WIDTH, y: r * ROW_HEIGHT }));
  });
  return {
    positions,
    width: widest * COLUMN_WIDTH,
    height: rows.length * ROW_HEIGHT,
  };
}

/** Places blocks left to right in rows of about `perRow` blocks; returns the section height. */
function placeBlocks(
  blocks: readonly Block[],
  perRow: number,
  top: number,
  out: Map<string, Point>,
): number {
  let x = 0;
  let y = top;
  let rowHeight = 0;
  blocks.forEach((block, i) => {
    if (i > 0 && i % perRow === 0) {
      x = 0;
      y += rowHeight + GROUP_GAP;
      rowHeight = 0;
    }
    for (const [id, p] of block.positions) out.set(id, { x: x + p.x, y: y + p.y });
    x += block.width + GROUP_GAP;
    rowHeight = Math.max(rowHeight, block.height);
  });
  return blocks.length === 0 ? 0 : y + rowHeight - top + GROUP_GAP;
}

/** The key elements are kept together by: the node group, or the switch, or the summary itself. */
export function layoutGroupOf(node: TopologyGraph['nodes'][number]): string {
  return node.kind === 'node-summary' ? node.id : node.group;
}

/**
 * Positions of every graph node from the graph alone: summary nodes in a grid on top, expanded
 * node groups below (about square), switches at the bottom. Deterministic: the same graph gives
 * the same positions.
 */
export function computeTopologyLayout(graph: TopologyGraph): Map<string, Point> {
  const out = new Map<string, Point>();
  const byGroup = new Map<string, string[]>();
  const summaries: string[] = [];
  for (const n of graph.nodes) {
    if (n.kind === 'node-summary') {
      summaries.push(n.id);
      continue;
    }
    const list = byGroup.get(n.group);
    if (list) list.push(n.id);
    else byGroup.set(n.group, [n.id]);
  }
  let top = 0;
  if (summaries.length > 0) {
    const perRow = Math.max(4, Math.ceil(Math.sqrt(summaries.length * 2)));
    summaries.sort(cmp).forEach((id, i) => {
      out.set(id, {
        x: (i % perRow) * (SUMMARY_WIDTH + COLUMN_WIDTH / 2),
        y: Math.floor(i / perRow) * (SUMMARY_HEIGHT + ROW_HEIGHT / 2),
      });
    });
    top = Math.ceil(summaries.length / perRow) * (SUMMARY_HEIGHT + ROW_HEIGHT / 2) + GROUP_GAP;
  }
  const nodeBlocks: Block[] = [];
  const switchBlocks: Block[] = [];
  for (const g of [...graph.groups].sort((a, b) => cmp(a.id, b.id))) {
    const ids = byGroup.get(g.id);
    if (!ids || ids.length === 0) continue;
    if (g.kind === 'node') nodeBlocks.push(layoutLayers(ids, graph.edges));
    else {
      // Switch ports in one row, in port order.
      const positions = new Map<string, Point>();
      [...ids].sort(cmp).forEach((id, i) => positions.set(id, { x: i * COLUMN_WIDTH, y: 0 }));
      switchBlocks.push({ positions, width: ids.length * COLUMN_WIDTH, height: ROW_HEIGHT });
    }
  }
  top += placeBlocks(nodeBlocks, Math.max(1, Math.ceil(Math.sqrt(nodeBlocks.length))), top, out);
  placeBlocks(switchBlocks, Math.max(1, switchBlocks.length), top, out);
  return out;
}

function collides(p: Point, taken: readonly Point[]): boolean {
  return taken.some(
    (q) => Math.abs(q.x - p.x) < COLUMN_WIDTH * 0.8 && Math.abs(q.y - p.y) < ROW_HEIGHT * 0.5,
  );
}

/**
 * Positions for `graph` that keep every remembered position (`memory`: what was on screen, and
 * what the user dragged). A new element of a group already on screen is placed where the layout
 * puts it relative to a remembered member of its group, moved right past any interface there; a
 * node expanded from a summary on screen takes the summary's place (expandInPlace); any other
 * group that is new as a whole (a node added, a new switch) goes below everything remembered.
 * `pinned` are positions the user chose for single elements (dragged, possibly in an earlier
 * visit): they are kept but are not where the rest of a group is measured from, so after a
 * reload only the dragged element is elsewhere. Only elements present in `graph` are returned.
 */
export function mergeTopologyLayout(
  graph: TopologyGraph,
  memory: ReadonlyMap<string, Point>,
  pinned: ReadonlySet<string> = new Set(),
): Map<string, Point> {
  const computed = computeTopologyLayout(graph);
  const out = new Map<string, Point>();
  const members = new Map<string, string[]>();
  for (const n of graph.nodes) {
    const key = layoutGroupOf(n);
    const list = members.get(key);
    if (list) list.push(n.id);
    else members.set(key, [n.id]);
  }
  for (const n of graph.nodes) {
    const p = memory.get(n.id);
    if (p) out.set(n.id, p);
  }
  if (out.size === 0) return computed;
  const newGroups: string[] = [];
  for (const [key, ids] of members) {
    const anchor = ids.find((id) => out.has(id) && !pinned.has(id));
    if (anchor === undefined) {
      newGroups.push(key);
      continue;
    }
    const a = out.get(anchor) ?? { x: 0, y: 0 };
    const c = computed.get(anchor) ?? { x: 0, y: 0 };
    const taken = ids.flatMap((id) => {
      const p = out.get(id);
      return p ? [p] : [];
    });
    for (const id of ids) {
      if (out.has(id)) continue;
      const own = computed.get(id) ?? c;
      const p = { x: a.x + own.x - c.x, y: a.y + own.y - c.y };
      while (collides(p, taken)) p.x += COLUMN_WIDTH;
      taken.push(p);
      out.set(id, p);
    }
  }
  // A node expanded from its summary takes the summary's place; what was right of it on its row
  // and everything below moves aside, so the node stays where the user clicked it instead of
  // joining the bottom of a 2,000-node canvas.
  const stillNew: string[] = [];
  for (const key of newGroups) {
    const spot = key.startsWith('node:') ? memory.get(`summary:${key.slice(5)}`) : undefined;
    const ids = members.get(key) ?? [];
    if (!spot || members.has(`summary:${key.slice(5)}`)) {
      stillNew.push(key);
      continue;
    }
    expandInPlace(ids, spot, computed, out, pinned);
  }
  if (stillNew.length > 0) {
    let rememberedBottom = Number.NEGATIVE_INFINITY;
    for (const [id, p] of out)
      if (!pinned.has(id)) rememberedBottom = Math.max(rememberedBottom, p.y);
    let top = Number.POSITIVE_INFINITY;
    for (const key of stillNew)
      for (const id of members.get(key) ?? []) top = Math.min(top, computed.get(id)?.y ?? 0);
    const dy = Math.max(0, rememberedBottom + ROW_HEIGHT + GROUP_GAP - top);
    for (const key of stillNew)
      for (const id of members.get(key) ?? []) {
        if (out.has(id)) continue;
        const c = computed.get(id) ?? { x: 0, y: 0 };
        out.set(id, { x: c.x, y: c.y + dy });
      }
  }
  return out;
}

/**
 * Places a group's members (`ids`, laid out as `computed` says) with their top-left at `spot`,
 * where the summary was, and moves every placed element that the block would cover aside:
 * those on the summary's row right of it to the right, those below it down. Pinned (dragged)
 * elements stay where the user put them.
 */
function expandInPlace(
  ids: readonly string[],
  spot: Point,
  computed: ReadonlyMap<string, Point>,
  out: Map<string, Point>,
  pinned: ReadonlySet<string>,
): void {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const id of ids) {
    const c = computed.get(id);
    if (!c) continue;
    minX = Math.min(minX, c.x);
    minY = Math.min(minY, c.y);
    maxX = Math.max(maxX, c.x);
    maxY = Math.max(maxY, c.y);
  }
  if (!Number.isFinite(minX)) return;
  const width = maxX - minX + COLUMN_WIDTH;
  const height = maxY - minY + ROW_HEIGHT;
  const rowBottom = spot.y + SUMMARY_HEIGHT;
  for (const [id, p] of out) {
    if (pinned.has(id)) continue;
    if (p.y >= rowBottom) out.set(id, { x: p.x, y: p.y + height + GROUP_GAP });
    else if (p.y + SUMMARY_HEIGHT > spot.y && p.x > spot.x)
      out.set(id, { x: p.x + width + GROUP_GAP, y: p.y });
  }
  for (const id of ids) {
    if (out.has(id)) continue;
    const c = computed.get(id) ?? { x: minX, y: minY };
    out.set(id, { x: spot.x + c.x - minX, y: spot.y + c.y - minY });
  }
}
