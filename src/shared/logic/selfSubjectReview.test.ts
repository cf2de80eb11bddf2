import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getReviewUsername } from './selfSubjectReview';

void describe('getReviewUsername', () => {
  void it('reads the authenticated user name', () => {
    assert.equal(
      getReviewUsername({
        apiVersion: 'authentication.k8s.io/v1',
        kind: 'SelfSubjectReview',
        metadata: { creationTimestamp: null },
        status: {
          userInfo: {
            username: 'kube:admin',
            groups: ['system:cluster-admins', 'system:authenticated'],
          },
        },
      }),
      'kube:admin',
    );
  });
  void it('has no name for answers without one', () => {
    for (const answer of [
      null,
      'admin',
      {},
      { status: {} },
      { status: { userInfo: null } },
      { status: { userInfo: { username: '  ' } } },
      { status: { userInfo: { username: 7 } } },
    ])
      assert.equal(getReviewUsername(answer), undefined, JSON.stringify(answer));
  });
});
