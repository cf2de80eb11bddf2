// Differences between two policy specs: a YAML line diff in hunks (the shared Myers O(ND)
// implementation, so large but similar specs stay cheap) and a per-interface summary.
import type {
  NetworkInterface,
  NodeNetworkConfigurationPolicySpec,
} from '../../../shared/model/nmstate';
import { stringifyResourceYaml } from '../../policies/logic/resourceYaml';
import { diffLineArrays } from '../../../shared/logic/lineDiff';
import { isRecord } from '../../../shared/logic/isRecord';
import { canonicalJson } from '../../../shared/logic/canonicalJson';

export type DiffOp = 'equal' | 'add' | 'remove';

export interface DiffLine {
  op: DiffOp;
  text: string;
  /** 1-based line numbers; null on the side the line is absent from. */
  oldLine: number | null;
  newLine: number | null;
}

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: DiffLine[];
}

export interface InterfaceSummary {
  added: { name: string; type?: string }[];
  removed: { name: string; type?: string }[];
  changed: { name: string; type?: string; fields: string[] }[];
}

export interface SpecDiff {
  hunks: DiffHunk[];
  added: number;
  removed: number;
  interfaces: InterfaceSummary;
  /** Changed spec paths outside interfaces: `nodeSelector`, `desiredState.routes`, `capture` … */
  otherFields: string[];
  identical: boolean;
}

export { canonicalJson };

export const specsEqual = (a: unknown, b: unknown): boolean =>
  canonicalJson(a) === canonicalJson(b);

/** Shortest edit script between two line arrays (the shared Myers implementation). */
export const diffLines = (a: readonly string[], b: readonly string[]): DiffLine[] =>
  diffLineArrays(a, b).map((l): DiffLine => {
    if (l.kind === 'same')
      return { op: 'equal', text: l.text, oldLine: l.oldLine, newLine: l.newLine };
    if (l.kind === 'added') return { op: 'add', text: l.text, oldLine: null, newLine: l.newLine };
    return { op: 'remove', text: l.text, oldLine: l.oldLine, newLine: null };
  });

/** Groups a line diff into hunks with `context` unchanged lines around each change. */
export const toHunks = (lines: readonly DiffLine[], context = 3): DiffHunk[] => {
  const hunks: DiffHunk[] = [];
  const changed = lines.map((l, i) => (l.op === 'equal' ? -1 : i)).filter((i) => i >= 0);
  let i = 0;
  while (i < changed.length) {
    const first = changed[i] ?? 0;
    let last = first;
    while (i + 1 < changed.length && (changed[i + 1] ?? 0) - last <= 2 * context + 1)
      last = changed[++i] ?? last;
    i++;
    const slice = lines.slice(
      Math.max(0, first - context),
      Math.min(lines.length, last + context + 1),
    );
    const oldNums = slice.map((l) => l.oldLine).filter((x): x is number => x !== null);
    const newNums = slice.map((l) => l.newLine).filter((x): x is number => x !== null);
    const before = lines.slice(0, Math.max(0, first - context));
    const lastOld = before.reduce((acc, l) => l.oldLine ?? acc, 0);
    const lastNew = before.reduce((acc, l) => l.newLine ?? acc, 0);
    hunks.push({
      oldStart: oldNums[0] ?? lastOld,
      oldLines: oldNums.length,
      newStart: newNums[0] ?? lastNew,
      newLines: newNums.length,
      lines: slice,
    });
  }
  return hunks;
};

/** Dotted paths where two values differ; arrays of scalars compare whole, others by index. */
export const changedPaths = (a: unknown, b: unknown, prefix = ''): string[] => {
  if (specsEqual(a, b)) return [];
  if (isRecord(a) && isRecord(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => changedPaths(a[k], b[k], prefix ? `${prefix}.${k}` : k));
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.some(isRecord))
    return a.flatMap((x, i) => changedPaths(x, b[i], `${prefix}[${i}]`));
  return [prefix];
};

const interfaceKey = (i: NetworkInterface): string => `${i.name}\u0000${i.type ?? ''}`;
const interfacesOf = (spec: NodeNetworkConfigurationPolicySpec): NetworkInterface[] => {
  const list: unknown = spec.desiredState?.interfaces;
  return Array.isArray(list)
    ? list.filter((x): x is NetworkInterface => isRecord(x) && typeof x.name === 'string')
    : [];
};

export const summarizeInterfaces = (
  a: NodeNetworkConfigurationPolicySpec,
  b: NodeNetworkConfigurationPolicySpec,
): InterfaceSummary => {
  const before = new Map(interfacesOf(a).map((i) => [interfaceKey(i), i]));
  const after = new Map(interfacesOf(b).map((i) => [interfaceKey(i), i]));
  const ref = (i: NetworkInterface): { name: string; type?: string } =>
    i.type ? { name: i.name, type: i.type } : { name: i.name };
  const summary: InterfaceSummary = { added: [], removed: [], changed: [] };
  for (const [k, i] of after) {
    const old = before.get(k);
    if (!old) summary.added.push(ref(i));
    else {
      const fields = changedPaths(old, i);
      if (fields.length > 0) summary.changed.push({ ...ref(i), fields });
    }
  }
  for (const [k, i] of before) if (!after.has(k)) summary.removed.push(ref(i));
  return summary;
};

export const diffPolicySpecs = (
  a: NodeNetworkConfigurationPolicySpec,
  b: NodeNetworkConfigurationPolicySpec,
  context = 3,
): SpecDiff => {
  const split = (s: NodeNetworkConfigurationPolicySpec): string[] =>
    stringifyResourceYaml(s).replace(/\n$/, '').split('\n');
  const lines = diffLines(split(a), split(b));
  const withoutInterfaces = (s: NodeNetworkConfigurationPolicySpec): unknown => ({
    ...s,
    desiredState: { ...(isRecord(s.desiredState) ? s.desiredState : {}), interfaces: undefined },
  });
  return {
    hunks: toHunks(lines, context),
    added: lines.filter((l) => l.op === 'add').length,
    removed: lines.filter((l) => l.op === 'remove').length,
    interfaces: summarizeInterfaces(a, b),
    otherFields: changedPaths(withoutInterfaces(a), withoutInterfaces(b)),
    identical: specsEqual(a, b),
  };
};
