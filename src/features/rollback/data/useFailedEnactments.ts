// The failing and aborted enactments of one policy as the failed-policies page shows them,
// through a lean watch: the handler labels every enactment with its policy
// (`nmstate.io/policy`, kubernetes-nmstate api/shared/nodenetworkconfigurationenactment_types.go
// `EnactmentPolicyLabel`), so the list is narrowed on the server, and each enactment is kept as
// digestFailedEnactment's trimmed copy, outside the console's store. A policy that failed on
// 2,000 nodes is 2,000 whole enactments in the console's store; here it is the failed ones'
// node names, phases and the one message a row shows.
import type { K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import { EnactmentModel } from '../../../shared/k8s/models';
import { useLeanList } from '../../../shared/k8s/useLeanWatch';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import type { NodeNetworkConfigurationEnactment } from '../../../shared/model/nmstate';
import { ENACTMENT_POLICY_LABEL } from '../../../shared/model/nmstate';
import { digestFailedEnactment } from '../logic/failed';

const digest = (obj: K8sResourceCommon) =>
  digestFailedEnactment(obj as unknown as NodeNetworkConfigurationEnactment);

/** Failing and aborted enactments of `policyName`, trimmed (see digestFailedEnactment). */
export function useFailedEnactments(
  policyName: string,
): WatchedResult<readonly NodeNetworkConfigurationEnactment[]> {
  return useLeanList<NodeNetworkConfigurationEnactment>({
    model: EnactmentModel,
    labels: { [ENACTMENT_POLICY_LABEL]: policyName },
    digest,
  });
}
