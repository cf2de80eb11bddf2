import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { startCluster } from '../server';
import { tempDir } from '../testing';

void test('the real API server accepts every demo and scale object', async () => {
  for (const [scenario, nodes] of [
    ['demo', undefined],
    ['scale', 1000],
  ] as const) {
    const dataDir = tempDir();
    const cluster = await startCluster({ port: 0, dataDir, scenario, nodes, controllers: false });
    try {
      const nns = cluster.api.list(cluster.api.resourceType('nmstate.io', 'NodeNetworkState'));
      assert.equal(nns.length, scenario === 'demo' ? 6 : 1000);
    } finally {
      await cluster.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
});
