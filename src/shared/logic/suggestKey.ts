// "Did you mean" for a misspelt key, shared by the NAD and the policy validators.
/** Suggests a known key for a misspelt one: case/underscore-insensitive match, else edit distance ≤2. */
export function suggestKey(key: string, known: readonly string[]): string | undefined {
  const norm = (s: string): string => s.toLowerCase().replace(/[_-]/g, '');
  const n = norm(key);
  const exact = known.find((k) => norm(k) === n);
  if (exact) return exact;
  if (key.length < 4) return undefined;
  let best: string | undefined;
  let bestD = 3;
  for (const k of known) {
    const d = editDistance(n, norm(k), bestD);
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best;
}

function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin >= cap) return cap;
    prev = cur;
  }
  return prev[b.length] ?? cap;
}
