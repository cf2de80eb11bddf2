// Narrowing a failing new policy to the nodes where it works. An NNCP selects nodes with a plain
// label map (kubernetes-nmstate api/v1/nodenetworkconfigurationpolicy_types.go, `NodeSelector
// map[string]string`), so the nodes must be expressible as labels they share and no failing
// node has: the current selector plus the fewest such labels, or a hostname label for one node.
import type { Node } from '../../../shared/model/k8s';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { getMatchedNodes } from '../../policies/logic/nodeSelection';

export type NarrowResult =
  | { ok: true; nodeSelector: Record<string, string> }
  | { ok: false; reason: 'narrow.noWorkingNode' | 'narrow.noSharedLabels' };

const HOSTNAME = 'kubernetes.io/hostname';

export const findNarrowingSelector = (
  policy: NodeNetworkConfigurationPolicy,
  nodes: readonly Node[],
  working: readonly string[],
): NarrowResult => {
  const matched = getMatchedNodes(policy, nodes);
  const keep = matched.filter((n) => working.includes(n.metadata.name));
  const drop = matched.filter((n) => !working.includes(n.metadata.name));
  const base = { ...(policy.spec.nodeSelector ?? {}) };
  const first = keep[0];
  if (!first) return { ok: false, reason: 'narrow.noWorkingNode' };
  const shared = Object.entries(first.metadata.labels ?? {}).filter(
    ([k, v]) => base[k] === undefined && keep.every((n) => n.metadata.labels?.[k] === v),
  );
  // Greedy: each label that excludes the most remaining failing nodes, until none is left.
  const selector = { ...base };
  let remaining = drop;
  const candidates = [...shared];
  while (remaining.length > 0) {
    let best: [string, string] | undefined;
    let bestLeft = remaining;
    for (const [k, v] of candidates) {
      const left = remaining.filter((n) => n.metadata.labels?.[k] === v);
      if (left.length < bestLeft.length) {
        best = [k, v];
        bestLeft = left;
      }
    }
    if (!best) return { ok: false, reason: 'narrow.noSharedLabels' };
    selector[best[0]] = best[1];
    remaining = bestLeft;
  }
  if (keep.length === 1 && Object.keys(selector).length === Object.keys(base).length)
    selector[HOSTNAME] = first.metadata.labels?.[HOSTNAME] ?? first.metadata.name;
  return { ok: true, nodeSelector: selector };
};
