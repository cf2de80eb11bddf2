// Node-name globs for the topology filter: `*` is any run of characters (none included), `?` is
// exactly one, everything else is literal, case-insensitive, and the whole name must match.
//
// These used to become a regular expression (`.*` per star). A backtracking engine tries every
// split of the name between the stars, so `*a*a*a*a*a*a*a*a*a*a*b` (23 characters, in a shared
// link) against a long name froze the tab for minutes. The matcher below is the classic greedy
// two-pointer wildcard algorithm: it only ever returns to the most recent star, which is enough
// because a later star can absorb anything an earlier one could. It takes at most about
// (name length + 1) × (pattern length + 2) steps, and the filter caps the pattern length, so
// a match costs a bounded multiple of the name's length whatever the pattern.

/** Longest node name pattern the filter accepts: the longest node name (a DNS subdomain). */
export const MAX_NODE_PATTERN_LENGTH = 253;

export function isGlob(term: string): boolean {
  return term.includes('*') || term.includes('?');
}

/** Matches and counts the loop iterations, so tests can bound the work without a clock. */
export function matchGlobCounted(
  pattern: string,
  name: string,
): { matched: boolean; steps: number } {
  const p = pattern.toLowerCase();
  const s = name.toLowerCase();
  let pi = 0;
  let si = 0;
  // Position of the last star seen and the name position it currently absorbs up to.
  let star = -1;
  let resume = 0;
  let steps = 0;
  while (si < s.length) {
    steps++;
    const pc = pi < p.length ? p.charCodeAt(pi) : -1;
    if (pc === STAR) {
      star = pi;
      resume = si;
      pi++;
    } else if (pc !== -1 && (pc === QUESTION || pc === s.charCodeAt(si))) {
      pi++;
      si++;
    } else if (star >= 0) {
      // Let the last star absorb one more character and retry what follows it.
      pi = star + 1;
      resume++;
      si = resume;
    } else return { matched: false, steps };
  }
  while (pi < p.length && p.charCodeAt(pi) === STAR) {
    steps++;
    pi++;
  }
  return { matched: pi === p.length, steps };
}

export function matchGlob(pattern: string, name: string): boolean {
  return matchGlobCounted(pattern, name).matched;
}

const STAR = '*'.charCodeAt(0);
const QUESTION = '?'.charCodeAt(0);
