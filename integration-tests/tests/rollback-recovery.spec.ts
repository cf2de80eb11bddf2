// Recovery from a failing new policy and history across re-creation (issue 21), on the sandbox.
// A generation-1 policy on the rack-a workers puts a VLAN on ens2f1, which worker-2 lacks: it
// works on worker-0 and fails on worker-2, and there is no earlier generation to roll back to.
// The history page offers to revert it where it worked and delete it, to narrow it to the nodes
// where it works, or to edit and re-apply it, each with its per-node preview. A policy deleted
// and re-created under the same name never shows the old policy's revisions as its own.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
import type { KubeClient } from '../fixtures';
import { PolicyPages } from '../pages/PolicyPages';
import { RollbackPages } from '../pages/RollbackPages';
import {
  NNCP,
  REVISIONS,
  createPolicy,
  interfaceNames,
  unique,
  vlan,
  waitForCondition,
} from '../policyApi';
import type { Policy } from '../policyApi';

const RACK_A = { 'topology.kubernetes.io/zone': 'rack-a' };
const shots = process.env.PW_OUTPUT ?? path.join(__dirname, '../../test-results');

interface Revision {
  metadata: { ownerReferences?: { uid: string }[] };
  data: { spec: unknown; generation: number };
}

const exists = async (kube: KubeClient, p: string): Promise<boolean> =>
  kube.get(p).then(
    () => true,
    () => false,
  );

/** A new policy that works on worker-0 and fails on worker-2, with the recovery choices shown. */
async function failingNewPolicy(kube: KubeClient, rb: RollbackPages, name: string, id: number) {
  await createPolicy(kube, name, { nodeSelector: RACK_A, ...vlan('ens2f1', id) });
  await waitForCondition(kube, name, 'Degraded');
  await expect
    .poll(() => interfaceNames(kube, 'worker-0'), { timeout: 30_000 })
    .toContain(`ens2f1.${id}`);
  await rb.openHistory(name);
  const recover = rb.page.getByTestId('recover-new');
  await expect(recover).toBeVisible({ timeout: 60_000 });
  await expect(recover).toContainText('Works on: worker-0.');
  // Nothing earlier to roll back to: the only trusted revision is the failing one.
  await expect(rb.revision(1)).toBeVisible({ timeout: 30_000 });
  return recover;
}

test('@reliability a failing new policy is reverted where it worked, then deleted', async ({
  consolePage,
  kube,
}) => {
  test.setTimeout(180_000);
  const rb = new RollbackPages(consolePage);
  const name = unique('rb-new-revert');
  const recover = await failingNewPolicy(kube, rb, name, 781);
  await recover.getByTestId('recover-revert').click();
  const panel = rb.revertPanel;
  // worker-2 was restored by nmstate after the failed apply, so its earlier state is known;
  // worker-0 applied the policy before anything recorded it there.
  await expect(panel.getByTestId('revert-assumed')).toContainText('worker-0');
  await expect(panel.getByTestId('revert-assumed')).not.toContainText('worker-2');
  await rb.revertEditor(panel).expectNotValue(/absent/);
  await panel.getByTestId('revert-assume').check();
  await rb.revertEditor(panel).expectValue(/ens2f1\.781[\s\S]*absent/);
  // Per-node preview: the VLAN leaves worker-0; worker-2 never had it.
  await expect(panel.getByTestId('node-preview-worker-0')).toContainText('ens2f1.781 removed');
  await expect(panel.getByTestId('node-preview-worker-2')).toContainText('No change');
  await panel.getByTestId('revert-dry-run').click();
  await expect(panel.getByTestId('revert-dry-run-result')).toContainText('dry run');
  await rb.history.screenshot({ path: path.join(shots, 'recover-new-revert.png') });
  await panel.getByTestId('revert-apply').click();
  await expect(rb.writeOutcome).toHaveText('Available on all nodes', { timeout: 60_000 });
  await expect
    .poll(() => interfaceNames(kube, 'worker-0'), { timeout: 30_000 })
    .not.toContain('ens2f1.781');
  expect(await interfaceNames(kube, 'worker-0')).toContain('ens2f1');

  await panel.getByTestId('revert-delete-policy').click();
  await expect.poll(() => exists(kube, `${NNCP}/${name}`)).toBe(false);
  // On to the policy list, as the page's own Delete goes: the page stops watching the deleted
  // policy, whose next poll would only answer 404.
  await expect(rb.page).toHaveURL(/\/switchboard\/policies$/);
});

test.describe("while the handler rewrites the failing policy's status", () => {
  // The first narrowing PUT meets the status rewrite below and is answered 409 on purpose.
  test.use({ allowedErrors: ['status of 409'] });

  test('@reliability a failing new policy is narrowed to the nodes where it works', async ({
    consolePage,
    kube,
  }) => {
    test.setTimeout(180_000);
    const rb = new RollbackPages(consolePage);
    const name = unique('rb-new-narrow');
    const recover = await failingNewPolicy(kube, rb, name, 782);
    await recover.getByTestId('recover-narrow').click();
    const panel = rb.page.getByTestId('narrow-panel');
    await expect(panel.getByTestId('narrow-diff')).toContainText('kubernetes.io/hostname');
    await expect(panel.getByTestId('narrow-diff')).toContainText('worker-0');
    // The narrowed policy's per-node preview covers worker-0 only.
    await expect(panel.getByTestId('node-preview-worker-0')).toBeVisible();
    await expect(panel.getByTestId('node-preview-worker-2')).toHaveCount(0);
    await rb.history.screenshot({ path: path.join(shots, 'recover-new-narrow.png') });
    // The handler rewrites a failing policy's conditions on every reconcile, so its resourceVersion
    // moves on while the preview is read. Such a status-only change is not someone else's edit:
    // the narrowing goes onto the server's copy instead of stopping at a conflict.
    const reviewed = await kube.get<Policy>(`${NNCP}/${name}`);
    await kube.put(`${NNCP}/${name}/status`, {
      ...reviewed,
      status: {
        conditions: (reviewed.status?.conditions ?? []).map((c) => ({
          ...c,
          message: `${c.type} (rewritten by the handler)`,
        })),
      },
    });
    await expect
      .poll(async () => (await kube.get<Policy>(`${NNCP}/${name}`)).metadata)
      .not.toMatchObject({ resourceVersion: reviewed.metadata.resourceVersion });
    await panel.getByTestId('narrow-apply').click();
    await expect(panel.getByTestId('write-conflict')).toHaveCount(0);
    await expect(rb.writeOutcome).toHaveText('Available on all nodes', { timeout: 60_000 });

    const after = await kube.get<Policy>(`${NNCP}/${name}`);
    expect(after.spec.nodeSelector).toEqual({ ...RACK_A, 'kubernetes.io/hostname': 'worker-0' });
    expect(after.spec['desiredState']).toEqual(vlan('ens2f1', 782).desiredState);
    await waitForCondition(kube, name, 'Available');
    expect(await interfaceNames(kube, 'worker-0')).toContain('ens2f1.782');
    await kube.del(`${NNCP}/${name}`);
  });
});

test('@reliability a failing new policy is edited and re-applied after its per-node preview', async ({
  consolePage,
  kube,
  page,
}) => {
  test.setTimeout(180_000);
  const rb = new RollbackPages(consolePage);
  const policies = new PolicyPages(consolePage);
  const name = unique('rb-new-edit');
  const recover = await failingNewPolicy(kube, rb, name, 783);
  await recover.getByTestId('recover-edit').click();
  await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}/edit\\?mode=yaml$`));
  await policies.editorBody.waitFor();
  const text = await policies.yamlEditor.value();
  expect(text).toContain('base-iface: ens2f1');
  await policies.setYaml(text.replaceAll('ens2f1', 'eno4'));
  await policies.testId('show-preview').click();
  for (const node of ['worker-0', 'worker-2'])
    await expect(
      policies.testId(`preview-node-${node}`).getByTestId('preview-created-eno4.783'),
    ).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'recover-new-edit.png'), fullPage: true });
  await policies.testId('save').click();
  await expect(page).toHaveURL(new RegExp(`/switchboard/policies/${name}$`));
  await waitForCondition(kube, name, 'Available');
  expect(await interfaceNames(kube, 'worker-2')).toContain('eno4.783');
  // Generation 2 is Available: the new-policy recovery choices are gone.
  await rb.openHistory(name);
  await expect(rb.revision(2)).toBeVisible({ timeout: 30_000 });
  await expect(rb.page.getByTestId('recover-new')).toHaveCount(0);
  await kube.del(`${NNCP}/${name}`);
});

test.describe('a policy re-created under the same name', () => {
  const WORKER_1 = { 'kubernetes.io/hostname': 'worker-1' };

  async function recordedAndDeleted(
    kube: KubeClient,
    rb: RollbackPages,
    name: string,
    id: number,
    propagation: 'Background' | 'Orphan',
  ): Promise<string | undefined> {
    await createPolicy(kube, name, { nodeSelector: WORKER_1, ...vlan('eno4', id) });
    await waitForCondition(kube, name, 'Available');
    const old = await kube.get<Policy>(`${NNCP}/${name}`);
    await rb.openHistory(name);
    await expect(rb.revision(1).getByTestId('revision-outcome')).toHaveText(
      'Available on all nodes',
      { timeout: 30_000 },
    );
    // Away from the page first, so nothing of the old policy is recorded after its deletion.
    await rb.openFailedPolicies();
    await kube.del(`${NNCP}/${name}?propagationPolicy=${propagation}`);
    await expect.poll(() => exists(kube, `${NNCP}/${name}`)).toBe(false);
    return old.metadata.uid;
  }

  test('@reliability gets a history of its own: generation 1 is its spec, not the old one', async ({
    consolePage,
    kube,
  }) => {
    test.setTimeout(180_000);
    const rb = new RollbackPages(consolePage);
    const name = unique('rb-recreate');
    const oldUid = await recordedAndDeleted(kube, rb, name, 784, 'Background');
    // The old revisions go with the old policy (ownerReference, garbage collection).
    await expect.poll(() => exists(kube, `${REVISIONS}/${name}-1`)).toBe(false);

    const spec = { nodeSelector: WORKER_1, ...vlan('eno4', 785) };
    await createPolicy(kube, name, spec);
    await waitForCondition(kube, name, 'Available');
    const live = await kube.get<Policy>(`${NNCP}/${name}`);
    expect(live.metadata.uid).not.toBe(oldUid);
    await rb.openHistory(name);
    await expect(rb.revision(1)).toBeVisible({ timeout: 30_000 });
    await expect(rb.revision(1)).toContainText('Current');
    await expect(rb.page.getByTestId('revision-untrusted')).toHaveCount(0);
    const stored = await kube.get<Revision>(`${REVISIONS}/${name}-1`);
    expect(stored.data.spec).toEqual(spec);
    expect(stored.metadata.ownerReferences?.map((o) => o.uid)).toEqual([live.metadata.uid]);
    await kube.del(`${NNCP}/${name}`);
  });

  test('@reliability never takes an old revision that outlived its policy as its own', async ({
    consolePage,
    kube,
  }) => {
    test.setTimeout(180_000);
    const rb = new RollbackPages(consolePage);
    const name = unique('rb-recreate-orphan');
    await recordedAndDeleted(kube, rb, name, 786, 'Orphan');
    // Deleted with orphaning (kubectl delete --cascade=orphan): the old revision stays.
    const orphan = await kube.get<Revision>(`${REVISIONS}/${name}-1`);
    expect(orphan.metadata.ownerReferences ?? []).toEqual([]);

    await createPolicy(kube, name, { nodeSelector: WORKER_1, ...vlan('eno4', 787) });
    await waitForCondition(kube, name, 'Available');
    await rb.openHistory(name);
    const untrusted = rb.page.getByTestId('revision-untrusted');
    await expect(untrusted).toHaveCount(1, { timeout: 30_000 });
    await expect(untrusted.getByTestId('revision-untrusted-reasons')).toContainText(
      'Not owned by a policy.',
    );
    // Not shown as this policy's generation 1, not marked Current, not offered.
    await expect(rb.revision(1)).toHaveCount(0);
    await expect(untrusted.getByText('Current', { exact: true })).toHaveCount(0);
    await expect(untrusted.getByTestId('revision-rollback')).toHaveCount(0);
    await rb.rollbackOpen.click();
    await expect(rb.rollbackPanel.getByTestId('rollback-revision-select')).toHaveValue('');
    await expect(rb.rollbackPanel.getByTestId('rollback-no-default')).toBeVisible();
    await rb.history.screenshot({ path: path.join(shots, 'recreated-orphan-history.png') });
    await kube.del(`${NNCP}/${name}`);
    await kube.del(`${REVISIONS}/${name}-1`);
  });
});
