// The harness's wait for a quiet machine: it returns once the CPUs are calm for the windows
// asked, and gives up at its deadline when they never are, saying so.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { waitForQuietMachine } from './machine';

const linux = fs.existsSync('/proc/stat');

void describe('waitForQuietMachine', () => {
  void it(
    'returns after the calm windows when any load counts as calm',
    { skip: !linux },
    async () => {
      const wait = await waitForQuietMachine({ windowMs: 50, windows: 2, busyBelow: 1.01 });
      assert.equal(wait.quiet, true);
      assert.ok(wait.waitedMs >= 90 && wait.waitedMs < 5_000, `waited ${wait.waitedMs} ms`);
      assert.ok(wait.busy !== undefined && wait.busy >= 0 && wait.busy <= 1);
    },
  );
  void it('gives up at the deadline when no load is calm enough', { skip: !linux }, async () => {
    const wait = await waitForQuietMachine({ maxMs: 300, windowMs: 50, busyBelow: 0 });
    assert.equal(wait.quiet, false);
    assert.ok(wait.waitedMs >= 300 && wait.waitedMs < 5_000, `waited ${wait.waitedMs} ms`);
  });
});
