// Machine stalls are taken out of page blocks only where they overlap them, and the reference
// process reports a pause of its own event loop as a stall.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  blockExcludingStalls,
  stalledWithin,
  startHostStallMonitor,
  STALL_THRESHOLD_MS,
} from './hostStalls';

void describe('stalledWithin', () => {
  void it('counts only the overlapping parts of each stall', () => {
    const stalls = [
      { start: 90, ms: 20 }, // 10 ms inside [100, 160)
      { start: 120, ms: 10 }, // inside
      { start: 155, ms: 30 }, // 5 ms inside
      { start: 300, ms: 50 }, // outside
    ];
    assert.equal(stalledWithin({ start: 100, ms: 60 }, stalls), 25);
    assert.equal(stalledWithin({ start: 400, ms: 60 }, stalls), 0);
  });
});

void describe('blockExcludingStalls', () => {
  void it('keeps the page part of a block a stall interrupted', () => {
    // A 90 ms heartbeat gap of which a 60 ms stall covers 60: the page blocked 30 ms.
    const b = blockExcludingStalls(
      [
        { start: 1_000, ms: 90 },
        { start: 5_000, ms: 40 },
      ],
      [{ start: 1_020, ms: 60 }],
      6,
    );
    assert.deepEqual(b, { ms: 40, rawMs: 90, stalls: 1, longestStallMs: 60 });
  });

  void it('leaves blocks no stall overlaps as measured', () => {
    const b = blockExcludingStalls([{ start: 1_000, ms: 120 }], [{ start: 2_000, ms: 80 }], 5);
    assert.deepEqual(b, { ms: 120, rawMs: 120, stalls: 0, longestStallMs: 0 });
  });

  void it('falls back to the floor when there is no recorded interval', () => {
    assert.equal(blockExcludingStalls([], [{ start: 0, ms: 50 }], 7).ms, 7);
  });
});

void describe('startHostStallMonitor', () => {
  void it('reports a pause of the reference process as a stall of about its length', async () => {
    const monitor = startHostStallMonitor();
    try {
      // Let the child start its loop, then stop it for 120 ms with SIGSTOP, as a hypervisor
      // pausing the machine would.
      await new Promise((r) => setTimeout(r, 1_500));
      const before = monitor.stalls().length;
      const pid = monitor.pid();
      assert.ok(pid !== undefined, 'the reference process has a pid');
      process.kill(pid, 'SIGSTOP');
      const t0 = performance.timeOrigin + performance.now();
      await new Promise((r) => setTimeout(r, 120));
      process.kill(pid, 'SIGCONT');
      const deadline = Date.now() + 3_000;
      while (monitor.stalls().length === before && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      // The machine may stall on its own meanwhile: take the stall that began nearest the stop.
      const stall = monitor
        .stalls()
        .filter((s) => s.ms >= 100)
        .sort((a, b) => Math.abs(a.start - t0) - Math.abs(b.start - t0))[0];
      assert.ok(stall, `a stall of >= 100 ms, saw ${JSON.stringify(monitor.stalls())}`);
      assert.ok(stall.ms >= STALL_THRESHOLD_MS && stall.ms < 1_000, `stall of ${stall.ms} ms`);
      assert.ok(Math.abs(stall.start - t0) < 100, `stall began ${stall.start - t0} ms off`);
    } finally {
      monitor.stop();
    }
  });
});
