import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import { PolicyModel } from '../../../shared/k8s/models';
import { createResource } from '../../../shared/k8s/mutations';
import type { LeavingRevertPlan } from '../logic/leavingNodes';

/** Asks the API server to admit every revert policy without creating any (dry run). */
export const dryRunLeavingRevert = async (plan: LeavingRevertPlan): Promise<void> => {
  for (const data of plan.policies)
    await createResource({ model: PolicyModel, data, dryRun: true });
};

/** Creates the revert policies one by one; the first refusal stops and is thrown. */
export const createLeavingRevert = async (
  plan: LeavingRevertPlan,
): Promise<NodeNetworkConfigurationPolicy[]> => {
  const created: NodeNetworkConfigurationPolicy[] = [];
  for (const data of plan.policies)
    created.push(await createResource({ model: PolicyModel, data }));
  return created;
};
