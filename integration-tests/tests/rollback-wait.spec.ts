// A rollback confirmed while the policy still rolls out, on a sandbox whose handler takes 2-5 s
// per node as a real one does: kubernetes-nmstate's admission refuses spec updates to a policy
// whose Available condition is still ConfigurationProgressing, so the write is refused, the user
// chooses to wait, and it goes through on its own once the rollout settles. If the policy is
// deleted and re-created meanwhile, the waiting write is not put onto the new object.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import type { KubeClient } from '../fixtures';
import { RollbackPages } from '../pages/RollbackPages';
import { NNCP, createPolicy, interfaceNames, unique, vlan, waitForCondition } from '../policyApi';
import type { Policy } from '../policyApi';

// The refused write is a 422 from admission, which Chromium logs as a failed resource load.
test.use({ controllerSpeed: 'realtime', allowedErrors: ['status of 422'] });

const shots = process.env.PW_OUTPUT ?? path.join(__dirname, '../../test-results');
const WORKERS = { 'node-role.kubernetes.io/worker': '' };

const availableReason = async (kube: KubeClient, name: string): Promise<string | undefined> =>
  (await kube.get<Policy>(`${NNCP}/${name}`)).status?.conditions?.find(
    (c) => c.type === 'Available',
  )?.reason;

/**
 * Generation 1 (VLAN `first`) settled and recorded, then generation 2 (VLAN `second`, one node at
 * a time over the three workers) written through the API: the rollback panel opens while it
 * rolls out, offering generation 1.
 */
async function rollbackDuringRollout(
  kube: KubeClient,
  rb: RollbackPages,
  name: string,
  first: number,
  second: number,
) {
  await createPolicy(kube, name, { nodeSelector: WORKERS, ...vlan('eno4', first) });
  await waitForCondition(kube, name, 'Available');
  await rb.openHistory(name);
  await expect(rb.revision(1).getByTestId('revision-outcome')).toHaveText(
    'Available on all nodes',
    { timeout: 30_000 },
  );
  const gen1 = await kube.get<Policy>(`${NNCP}/${name}`);
  await kube.put(`${NNCP}/${name}`, {
    ...gen1,
    spec: { nodeSelector: WORKERS, maxUnavailable: 1, ...vlan('eno4', second) },
  });
  await expect(rb.revision(2)).toBeVisible({ timeout: 30_000 });
  await rb.rollbackOpen.click();
  const panel = rb.rollbackPanel;
  await expect(panel.getByTestId('rollback-revision-select')).toHaveValue(`${name}-1`);
  // Reviewed while generation 2 rolls out: confirming is allowed, with what will happen said.
  await expect(panel.getByTestId('rollback-refusal-rollback.policyProgressing')).toBeVisible();
  return panel;
}

test('a rollback confirmed during a rollout is refused, waits, and applies once it settles', async ({
  consolePage,
  kube,
}) => {
  test.setTimeout(180_000);
  const rb = new RollbackPages(consolePage);
  const name = unique('rb-wait');
  const panel = await rollbackDuringRollout(kube, rb, name, 771, 772);

  await panel.getByTestId('rollback-confirm').click();
  // The write reached admission while generation 2 was still progressing, and was refused.
  await expect(panel.getByTestId('write-blocked')).toBeVisible();
  expect(await availableReason(kube, name)).toBe('ConfigurationProgressing');
  expect((await kube.get<Policy>(`${NNCP}/${name}`)).metadata.generation).toBe(2);

  await panel.getByTestId('write-wait').click();
  const waiting = panel.getByTestId('write-waiting');
  await expect(waiting).toBeVisible();
  // The rollout being waited for is followed live: some worker is done or under way.
  await expect(waiting.getByTestId('rollout-counts')).toContainText(/Available|Progressing/);
  await rb.history.screenshot({ path: path.join(shots, 'rollback-waiting.png') });

  // Generation 2 settles on all three workers; only then is the rollback written.
  await expect(panel.getByTestId('write-following')).toBeVisible({ timeout: 90_000 });
  for (const node of ['worker-0', 'worker-1', 'worker-2'])
    expect(await interfaceNames(kube, node)).toContain('eno4.772');
  const after = await kube.get<Policy>(`${NNCP}/${name}`);
  expect(after.metadata.generation).toBe(3);
  expect(after.spec).toEqual({ nodeSelector: WORKERS, ...vlan('eno4', 771) });
  await expect(rb.writeOutcome).toHaveText('Available on all nodes', { timeout: 90_000 });
  await rb.history.screenshot({ path: path.join(shots, 'rollback-waited-done.png') });
});

test.describe('a policy re-created while a rollback waits', () => {
  // Between the deletion and the re-creation the details page reads a policy that is not there.
  test.use({ allowedErrors: ['status of 422', 'status of 404'] });

  test('is not written: the user is told and reviews again', async ({ consolePage, kube }) => {
    test.setTimeout(180_000);
    const rb = new RollbackPages(consolePage);
    const name = unique('rb-recreate');
    const panel = await rollbackDuringRollout(kube, rb, name, 773, 774);
    await panel.getByTestId('rollback-confirm').click();
    await panel.getByTestId('write-wait').click();
    await expect(panel.getByTestId('write-waiting')).toBeVisible();
    const old = await kube.get<Policy>(`${NNCP}/${name}`);

    // Someone deletes the policy and creates one of the same name and spec: a different object,
    // which the user never reviewed.
    await kube.del(`${NNCP}/${name}`);
    await expect
      .poll(async () =>
        (await kube.get<{ items: Policy[] }>(NNCP)).items.map((p) => p.metadata.name),
      )
      .not.toContain(name);
    await createPolicy(kube, name, old.spec);
    const recreated = await waitForCondition(kube, name, 'Available');
    expect(recreated.metadata.uid).not.toBe(old.metadata.uid);

    const conflict = panel.getByTestId('write-conflict');
    await expect(conflict).toHaveAttribute('data-cause', 'recreated', { timeout: 30_000 });
    await expect(conflict).toContainText('The policy was deleted and created again');
    await rb.history.screenshot({ path: path.join(shots, 'rollback-wait-recreated.png') });
    // Nothing was written onto the new policy: it still has its own first spec.
    const now = await kube.get<Policy>(`${NNCP}/${name}`);
    expect(now.metadata.generation).toBe(1);
    expect(now.spec).toEqual(old.spec);

    // Reviewing again rebases onto the new policy, which has no revision to roll back to.
    await conflict.getByTestId('write-review-again').click();
    await expect(panel.getByTestId('rollback-confirm')).toBeDisabled();
  });
});
