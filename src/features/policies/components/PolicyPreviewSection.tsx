// The editor's per-node preview and, when an edit drops nodes, what they keep: loaded when the
// user first asks for the preview. The preview runs nmstate's apply and nmpolicy's captures per
// node and the leaving-nodes panel the rollback inverse; together about a third of the editor's
// bytes, which an editor opened to change a field does not need (issue 10's bundle budget).
import { useMemo } from 'react';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { LeavingNodesPanel } from '../../rollback/components/LeavingNodesPanel';
import type { LeavingRevertPlan } from '../../rollback/logic/leavingNodes';
import { buildPolicyPreview } from '../logic/policyPreview';
import { validatePolicy } from '../logic/validatePolicy';
import { PolicyPreviewView } from './PolicyPreviewView';

export interface PolicyPreviewSectionProps {
  draft: NodeNetworkConfigurationPolicy;
  nodes: Node[];
  nodeNetworkStates: NodeNetworkState[];
  /** Editing: the enactments whose cached captures drive the preview, and the live copy. */
  enactments?: NodeNetworkConfigurationEnactment[];
  live?: NodeNetworkConfigurationPolicy;
  isEdit: boolean;
  onRevertOnSave: (plan: LeavingRevertPlan | null) => void;
}

export function PolicyPreviewSection({
  draft,
  nodes,
  nodeNetworkStates,
  enactments,
  live,
  isEdit,
  onRevertOnSave,
}: PolicyPreviewSectionProps) {
  const preview = useMemo(
    () =>
      buildPolicyPreview(draft, nodes, nodeNetworkStates, {
        findings: validatePolicy(draft, { nodes, nodeNetworkStates }),
        ...(isEdit && enactments !== undefined ? { enactments } : {}),
      }),
    [draft, nodes, nodeNetworkStates, isEdit, enactments],
  );
  return (
    <>
      <PolicyPreviewView preview={preview} />
      {isEdit && live && (
        <LeavingNodesPanel
          before={live}
          after={draft}
          nodes={nodes}
          nodeStates={nodeNetworkStates}
          enactments={enactments ?? []}
          onRevertOnSave={onRevertOnSave}
        />
      )}
    </>
  );
}
