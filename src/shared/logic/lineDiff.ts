// Line diff (Myers' O((N+M)D) algorithm) with unified-style hunks. Used wherever the UI shows
// "what changed": policy revisions, conflicts on save, rollback previews.

export type DiffLine =
  | { kind: 'same'; text: string; oldLine: number; newLine: number }
  | { kind: 'removed'; text: string; oldLine: number }
  | { kind: 'added'; text: string; newLine: number };

export interface DiffHunk {
  oldStart: number;
  newStart: number;
  lines: DiffLine[];
}

/** Every line of both texts, in order, marked same/removed/added. */
export function diffLines(oldText: string, newText: string): DiffLine[] {
  return diffLineArrays(
    oldText === '' ? [] : oldText.split('\n'),
    newText === '' ? [] : newText.split('\n'),
  );
}

/** The same, for texts already split into lines. */
export function diffLineArrays(a: readonly string[], b: readonly string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // Walk the trace backwards to recover the edit script.
  const out: DiffLine[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d] ?? v;
    const k = x - y;
    const down = k === -d || (k !== d && (vd[offset + k - 1] ?? 0) < (vd[offset + k + 1] ?? 0));
    const prevK = down ? k + 1 : k - 1;
    const prevX = vd[offset + prevK] ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      out.push({ kind: 'same', text: a[x] ?? '', oldLine: x + 1, newLine: y + 1 });
    }
    if (d > 0) {
      if (x === prevX) {
        y--;
        out.push({ kind: 'added', text: b[y] ?? '', newLine: y + 1 });
      } else {
        x--;
        out.push({ kind: 'removed', text: a[x] ?? '', oldLine: x + 1 });
      }
    }
  }
  return out.reverse();
}

/** Groups changes into hunks with `context` unchanged lines around them. */
export function toHunks(lines: DiffLine[], context = 3): DiffHunk[] {
  const changed = lines.flatMap((l, i) => (l.kind === 'same' ? [] : [i]));
  const groups: [number, number][] = [];
  for (const i of changed) {
    const last = groups[groups.length - 1];
    if (last && i - last[1] <= 2 * context + 1) last[1] = i;
    else groups.push([i, i]);
  }
  return groups.map(([first, last]) => {
    const slice = lines.slice(Math.max(0, first - context), last + context + 1);
    const oldFirst = slice.find(
      (l): l is Exclude<DiffLine, { kind: 'added' }> => l.kind !== 'added',
    );
    const newFirst = slice.find(
      (l): l is Exclude<DiffLine, { kind: 'removed' }> => l.kind !== 'removed',
    );
    return { oldStart: oldFirst?.oldLine ?? 0, newStart: newFirst?.newLine ?? 0, lines: slice };
  });
}

export function hasChanges(lines: DiffLine[]): boolean {
  return lines.some((l) => l.kind !== 'same');
}
