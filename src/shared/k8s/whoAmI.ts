// Who the console's user is, as the API server sees it (impersonation included, since the SDK's
// fetch adds the console's impersonation headers). Used to sign policy history.
import { k8sCreate } from '@openshift-console/dynamic-plugin-sdk';
import type { K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import { getReviewUsername } from '../logic/selfSubjectReview';
import { SelfSubjectReviewGVK, SelfSubjectReviewModel } from './models';

/**
 * The current user's name, or undefined when the cluster cannot say (SelfSubjectReview is GA
 * since Kubernetes 1.28; every authenticated user may create one). Never throws: a missing
 * name only leaves a revision unsigned.
 */
export async function getCurrentUsername(): Promise<string | undefined> {
  try {
    const answer = await k8sCreate<K8sResourceCommon>({
      model: SelfSubjectReviewModel,
      data: {
        apiVersion: `${SelfSubjectReviewGVK.group}/${SelfSubjectReviewGVK.version}`,
        kind: SelfSubjectReviewGVK.kind,
      },
    });
    return getReviewUsername(answer);
  } catch {
    return undefined;
  }
}
