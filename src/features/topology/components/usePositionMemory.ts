// Where things were on screen. The session memory holds every position shown so far (so live
// updates move nothing); what the user dragged is also kept in localStorage under one key per
// view, so a reload or another visit shows the user's arrangement. Computed positions are not
// stored: the layout is deterministic and recomputes them.
import { useCallback, useMemo, useRef } from 'react';
import type { Point } from '../logic/layout';

const STORAGE_PREFIX = 'switchboard.topology.positions.';
/** Enough for a user's arrangement; keeps the key far below the localStorage quota. */
const MAX_STORED = 2000;

function readStored(key: string): Map<string, Point> {
  const out = new Map<string, Point>();
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return out;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return out;
    for (const [id, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (!Array.isArray(value) || value.length !== 2) continue;
      const [x, y] = value as unknown[];
      if (typeof x === 'number' && typeof y === 'number' && Number.isFinite(x + y))
        out.set(id, { x, y });
    }
  } catch {
    // Unreadable or blocked storage only loses the saved arrangement.
  }
  return out;
}

function writeStored(key: string, dragged: ReadonlyMap<string, Point>): void {
  const entries = [...dragged].slice(-MAX_STORED).map(([id, p]) => [id, [p.x, p.y]] as const);
  try {
    window.localStorage.setItem(key, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Quota or privacy mode: the arrangement still holds for this session.
  }
}

export interface PositionMemory {
  /** Every position to keep: the session's shown positions with the dragged ones on top. */
  memory: Map<string, Point>;
  /** Ids the user dragged (this visit or an earlier one). */
  pinned: ReadonlySet<string>;
  remember: (positions: ReadonlyMap<string, Point>) => void;
  drag: (moved: ReadonlyMap<string, Point>) => void;
  reset: () => void;
  /**
   * Forgets every position the layout chose and keeps what the user dragged: folding all nodes
   * again puts the summaries back in their grid instead of where expansions had pushed them.
   */
  forgetLaidOut: () => void;
}

export function storageKeyFor(view: string): string {
  return `${STORAGE_PREFIX}${view}`;
}

export function usePositionMemory(view: string): PositionMemory {
  const key = storageKeyFor(view);
  const state = useRef<{
    key: string;
    memory: Map<string, Point>;
    dragged: Map<string, Point>;
    pinned: Set<string>;
  } | null>(null);
  if (state.current?.key !== key) {
    const dragged = readStored(key);
    state.current = { key, memory: new Map(dragged), dragged, pinned: new Set(dragged.keys()) };
  }
  const current = state.current;
  const remember = useCallback(
    (positions: ReadonlyMap<string, Point>) => {
      for (const [id, p] of positions) current.memory.set(id, p);
    },
    [current],
  );
  const drag = useCallback(
    (moved: ReadonlyMap<string, Point>) => {
      for (const [id, p] of moved) {
        current.memory.set(id, p);
        current.dragged.delete(id);
        current.dragged.set(id, p);
        current.pinned.add(id);
      }
      writeStored(current.key, current.dragged);
    },
    [current],
  );
  const reset = useCallback(() => {
    current.memory.clear();
    current.dragged.clear();
    current.pinned.clear();
    try {
      window.localStorage.removeItem(current.key);
    } catch {
      // Nothing stored then.
    }
  }, [current]);
  const forgetLaidOut = useCallback(() => {
    current.memory.clear();
    for (const [id, p] of current.dragged) current.memory.set(id, p);
  }, [current]);
  return useMemo(
    () => ({
      memory: current.memory,
      pinned: current.pinned,
      remember,
      drag,
      reset,
      forgetLaidOut,
    }),
    [current, remember, drag, reset, forgetLaidOut],
  );
}
