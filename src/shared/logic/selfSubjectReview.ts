// Reading a SelfSubjectReview answer (authentication.k8s.io/v1, what `kubectl auth whoami` asks).
import { isRecord } from './isRecord';

/** The user name the API server authenticated, or undefined when the answer has none. */
export function getReviewUsername(review: unknown): string | undefined {
  if (!isRecord(review) || !isRecord(review.status)) return undefined;
  const userInfo = review.status.userInfo;
  if (!isRecord(userInfo)) return undefined;
  const name = userInfo.username;
  return typeof name === 'string' && name.trim() !== '' ? name : undefined;
}
