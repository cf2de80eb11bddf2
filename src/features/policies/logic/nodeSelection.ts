// nodeSelector is an equality map (no matchExpressions): every key must be present with exactly
// that value; an empty or missing selector matches every node.
import type { Node } from '../../../shared/model/k8s';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';

export const matchesNodeSelector = (
  node: Node,
  selector: Readonly<Record<string, string>> | undefined,
): boolean => {
  const labels = node.metadata.labels ?? {};
  for (const [key, value] of Object.entries(selector ?? {})) {
    if (!Object.prototype.hasOwnProperty.call(labels, key) || labels[key] !== value) return false;
  }
  return true;
};

export const getMatchedNodes = <N extends Node>(
  policy: Pick<NodeNetworkConfigurationPolicy, 'spec'>,
  nodes: readonly N[],
): N[] => nodes.filter((n) => matchesNodeSelector(n, policy.spec.nodeSelector));
