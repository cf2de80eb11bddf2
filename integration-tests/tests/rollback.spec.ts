// Policy history, rollback and revert on the sandbox: a policy that succeeds, then fails on
// worker-2 (no ens2f1 there), shows in the failed-policies view and on the topology, is rolled
// back to its last good revision; a successful policy is reverted and its VLAN leaves the node.
import * as path from 'node:path';
import { test, expect } from '../fixtures';
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

const shots = process.env.PW_OUTPUT ?? '/tmp';

test('a policy failing on one node: failed view, topology, rollback to the last good revision', async ({
  consolePage,
  kube,
  page,
}) => {
  test.setTimeout(180_000);
  const rb = new RollbackPages(consolePage);
  const name = unique('rb-fail');
  const workers = { 'node-role.kubernetes.io/worker': '' };
  await createPolicy(kube, name, { nodeSelector: workers, ...vlan('eno4', 731) });
  await waitForCondition(kube, name, 'Available');

  // First sight of generation 1 records it, and its outcome once observed.
  await rb.openHistory(name);
  await expect(rb.revision(1).getByTestId('revision-outcome')).toHaveText(
    'Available on all nodes',
    {
      timeout: 30_000,
    },
  );

  const gen1 = await kube.get<Policy>(`${NNCP}/${name}`);
  await kube.put(`${NNCP}/${name}`, {
    ...gen1,
    spec: { nodeSelector: workers, ...vlan('ens2f1', 731) },
  });
  await waitForCondition(kube, name, 'Degraded');
  await expect(rb.revision(2).getByTestId('revision-outcome')).toHaveText('Failing on some nodes', {
    timeout: 30_000,
  });

  // Failed enactment view: only worker-2, with the nmstate error and its restored interfaces.
  const failed = rb.failedEnactments;
  await expect(failed.getByTestId('failed-node-worker-2')).toBeVisible();
  await expect(failed.getByTestId('failed-node-worker-0')).toHaveCount(0);
  await expect(failed.getByTestId('failed-node-error')).toContainText('ens2f1');
  // The handler restored worker-2: the VLAN it attempted (and its base NIC) are not there.
  await expect(failed.getByTestId('failed-node-restored')).toContainText(
    'None of the interfaces the policy names exist on this node',
  );
  expect(await interfaceNames(kube, 'worker-2')).not.toContain('ens2f1.731');
  await rb.history.screenshot({ path: path.join(shots, 'rollback-failed-enactments.png') });

  // Bulk view.
  await rb.openFailedPolicies();
  const row = rb.failedPolicyRow(name);
  await expect(row.getByTestId('failed-policy-nodes')).toContainText('1 of 3 failing');
  await expect(row.getByTestId('failed-policy-error')).toContainText('ens2f1');
  await page.screenshot({ path: path.join(shots, 'rollback-failed-policies.png'), fullPage: true });

  // Topology, highlighted.
  await (await rb.failedPolicyAction(name, 'Show on topology')).click();
  await expect(page).toHaveURL(new RegExp(`highlightPolicy=${name}`));
  await expect(page.getByTestId('legend-highlight')).toContainText(name);
  await page.screenshot({ path: path.join(shots, 'rollback-topology.png'), fullPage: true });

  // Roll back from the details page: generation 1 is the default, the diff and preview show.
  await rb.openHistory(name);
  await rb.rollbackOpen.click();
  const panel = rb.rollbackPanel;
  await expect(panel.getByTestId('rollback-revision-select')).toHaveValue(`${name}-1`);
  await expect(panel.getByTestId('rollback-diff')).toContainText('eno4');
  await expect(panel.getByTestId('node-preview-worker-2')).toContainText('worker-2');
  await rb.history.screenshot({ path: path.join(shots, 'rollback-review.png') });
  await panel.getByTestId('rollback-confirm').click();
  await expect(rb.writeOutcome).toHaveText('Available on all nodes', { timeout: 60_000 });
  await rb.history.screenshot({ path: path.join(shots, 'rollback-done.png') });

  const after = await kube.get<Policy>(`${NNCP}/${name}`);
  expect(after.metadata.generation).toBe(3);
  expect(after.spec).toEqual({ nodeSelector: workers, ...vlan('eno4', 731) });
  await expect(rb.revision(3)).toBeVisible();
  await expect(rb.revision(3).getByTestId('revision-outcome')).toHaveText(
    'Available on all nodes',
    {
      timeout: 30_000,
    },
  );
  // The rollback was this console user's write, so its revision is signed (SelfSubjectReview);
  // the generations written through the API were only seen, so their author is not recorded.
  await expect(rb.revision(3).getByTestId('revision-author')).toHaveText('admin');
  await expect(rb.revision(2).getByTestId('revision-author')).toHaveText('Not recorded');
  const stored = await kube.get<{ metadata: { annotations?: Record<string, string> } }>(
    `${REVISIONS}/${name}-3`,
  );
  expect(stored.metadata.annotations?.['switchboard.openshift.io/author']).toBe('admin');
});

test('revert a successful policy: the VLAN leaves the node, then the policy is deleted', async ({
  consolePage,
  kube,
}) => {
  test.setTimeout(120_000);
  const rb = new RollbackPages(consolePage);
  const name = unique('rb-revert');
  await createPolicy(kube, name, {
    nodeSelector: { 'kubernetes.io/hostname': 'worker-0' },
    ...vlan('eno4', 742),
  });
  await waitForCondition(kube, name, 'Available');
  await expect
    .poll(() => interfaceNames(kube, 'worker-0'), { timeout: 30_000 })
    .toContain('eno4.742');

  await rb.openHistory(name);
  await rb.revertOpen.click();
  const panel = rb.revertPanel;
  // Created through the API after the fact: nothing from before the policy was recorded, so the
  // revert refuses to guess until the user accepts the assumption explicitly.
  await expect(panel.getByTestId('revert-note-inverse.interfaceUnknown')).toContainText('eno4.742');
  await rb.revertEditor(panel).expectNotValue(/absent/);
  await panel.getByTestId('revert-assume').check();
  await rb.revertEditor(panel).expectValue(/eno4\.742[\s\S]*absent/);
  await expect(panel.getByTestId('node-preview-worker-0')).toContainText('eno4.742');
  await expect(panel.getByTestId('revert-other-policies-none')).toBeVisible();
  await panel.getByTestId('revert-dry-run').click();
  await expect(panel.getByTestId('revert-dry-run-result')).toContainText('dry run');
  await rb.history.screenshot({ path: path.join(shots, 'rollback-revert-review.png') });
  await panel.getByTestId('revert-apply').click();
  await expect(rb.writeOutcome).toHaveText('Available on all nodes', { timeout: 60_000 });
  await expect
    .poll(() => interfaceNames(kube, 'worker-0'), { timeout: 30_000 })
    .not.toContain('eno4.742');
  await rb.history.screenshot({ path: path.join(shots, 'rollback-reverted.png') });

  await panel.getByTestId('revert-delete-policy').click();
  await expect
    .poll(async () => (await kube.get<{ items: Policy[] }>(NNCP)).items.map((p) => p.metadata.name))
    .not.toContain(name);
});

test('truncated and foreign revisions show as unavailable; viewers see history but no rollback', async ({
  consolePage,
  kube,
  page,
}) => {
  const rb = new RollbackPages(consolePage);
  const name = unique('rb-view');
  await createPolicy(kube, name, {
    nodeSelector: { 'kubernetes.io/hostname': 'worker-1' },
    ...vlan('eno4', 753),
  });
  await waitForCondition(kube, name, 'Available');
  const label = { 'switchboard.openshift.io/policy': name };
  await kube.post(REVISIONS, {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: { name: `${name}-garbage`, namespace: 'openshift-nmstate', labels: label },
    data: { spec: 'trunc', generation: 'x' },
    revision: 99,
  });
  await kube.post(REVISIONS, {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: `${name}-foreign`,
      namespace: 'openshift-nmstate',
      labels: label,
      annotations: { 'switchboard.openshift.io/policy-name': 'someone-else' },
    },
    data: { spec: {}, generation: 7, recordedAt: '2025-01-01T00:00:00Z' },
    revision: 7,
  });

  await rb.openHistory(name);
  await expect(rb.revision(1)).toBeVisible({ timeout: 30_000 });
  await expect(rb.unavailableRevisions).toHaveCount(2);
  await expect(rb.rollbackOpen).toBeVisible();
  await rb.history.screenshot({ path: path.join(shots, 'rollback-unavailable.png') });

  await consolePage.setPersona('viewer');
  await rb.openHistory(name);
  await expect(rb.revision(1)).toBeVisible();
  await expect(rb.unavailableRevisions).toHaveCount(2);
  await expect(rb.rollbackOpen).toHaveCount(0);
  await expect(rb.revertOpen).toHaveCount(0);
  await expect(page.getByTestId('revision-rollback')).toHaveCount(0);
  await rb.history.screenshot({ path: path.join(shots, 'rollback-viewer.png') });
});

test('forged history: planted revisions are untrusted, never offered, and cannot prune genuine ones', async ({
  consolePage,
  kube,
}) => {
  test.setTimeout(120_000);
  const rb = new RollbackPages(consolePage);
  const name = unique('rb-forge');
  await createPolicy(kube, name, {
    nodeSelector: { 'kubernetes.io/hostname': 'worker-1' },
    ...vlan('eno4', 764),
  });
  await waitForCondition(kube, name, 'Available');
  const label = { 'switchboard.openshift.io/policy': name };
  // What anyone with create rights in the namespace can write: generation 999, Available, and
  // twenty more high generations to push genuine revisions out of the pruning window.
  for (let g = 999; g < 1020; g++)
    await kube.post(REVISIONS, {
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: {
        name: `${name}-${g}`,
        namespace: 'openshift-nmstate',
        labels: label,
        annotations: {
          'switchboard.openshift.io/policy-name': name,
          'switchboard.openshift.io/outcome': 'Available',
          'switchboard.openshift.io/author': 'admin',
        },
      },
      data: { spec: { desiredState: {} }, generation: g, recordedAt: '2025-01-01T00:00:00Z' },
      revision: g,
    });
  await rb.openHistory(name);
  await expect(rb.revision(1)).toBeVisible({ timeout: 30_000 });
  await expect(consolePage.page.getByTestId('revision-untrusted')).toHaveCount(21);
  await expect(consolePage.page.getByTestId('revision-untrusted-reasons').first()).toContainText(
    'generation',
  );
  await expect(rb.revision(1).getByTestId('revision-outcome')).toHaveText(
    'Available on all nodes',
    {
      timeout: 30_000,
    },
  );
  // The genuine revision survived the plugin's own pruning after recording.
  const own = await kube.get<{ metadata: { ownerReferences?: { uid: string }[] } }>(
    `${REVISIONS}/${name}-1`,
  );
  const policy = await kube.get<Policy & { metadata: { uid?: string } }>(`${NNCP}/${name}`);
  expect(own.metadata.ownerReferences?.[0]?.uid).toBe(policy.metadata.uid);
  await rb.rollbackOpen.click();
  // Nothing planted is offered: the only trusted revision is the current spec.
  await expect(rb.rollbackPanel.getByTestId('rollback-revision-select')).toHaveValue('');
  await expect(rb.rollbackPanel.getByTestId('rollback-no-default')).toBeVisible();
  await rb.history.screenshot({ path: path.join(shots, 'rollback-forged.png') });

  // Deleting the policy garbage-collects its own revisions (ownerReference); a policy re-created
  // under the name does not inherit anything as trusted.
  await kube.del(`${NNCP}/${name}`);
  await expect
    .poll(async () => {
      try {
        await kube.get(`${REVISIONS}/${name}-1`);
        return 'present';
      } catch {
        return 'gone';
      }
    })
    .toBe('gone');
});
