// Property tests: whatever a user types into the policy editor, evaluation returns a result
// (never throws) and finishes quickly (no loops on cycles or malformed input).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { workerState } from './__fixtures__/states';
import { evaluateCaptures, findCaptureReferences, resolvePolicyCaptures } from './resolve';

const names = ['a', 'b', 'c', 'gw'];
const fragments = [
  'interfaces',
  'routes',
  'running',
  'config',
  'name',
  'state',
  'mtu',
  'ipv4',
  'address',
  'ip',
  'capture',
  ...names,
  '.',
  '0',
  '3',
  '==',
  '!=',
  ':=',
  '|',
  '+',
  '"up"',
  '"ens3"',
  "'x",
  '"',
  'true',
  '9000',
  ' ',
  '=',
  ':',
  '!',
  '__proto__',
  'é',
];
const expressionArb = fc.oneof(
  fc.array(fc.constantFrom(...fragments), { maxLength: 14 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 40 }),
);
const captureArb = fc.dictionary(fc.constantFrom(...names), expressionArb, { maxKeys: 4 });
const desiredArb = fc.dictionary(
  fc.constantFrom('interfaces', 'routes', 'x'),
  fc.oneof(
    expressionArb.map((e) => `{{ ${e} }}`),
    fc.constant('{{ capture.gw }}'),
    fc.jsonValue({ maxDepth: 2 }),
  ),
);

void describe('nmpolicy properties', () => {
  // A hang is caught by the test timeout; speed is measured by the benchmarks, not here.
  void it('random capture expressions always produce a result', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(captureArb, desiredArb, (capture, desired) => {
        const result = resolvePolicyCaptures(capture, desired, workerState);
        assert.equal(typeof result.ok, 'boolean');
        if (!result.ok) {
          assert.equal(typeof result.error.code, 'string');
          assert.equal(typeof result.error.message, 'string');
        }
        const evaluations = evaluateCaptures(capture, workerState);
        assert.equal(evaluations.length, Object.keys(capture).length);
        findCaptureReferences(desired);
      }),
      { numRuns: 400 },
    );
  });

  void it('error positions stay inside the expression', () => {
    fc.assert(
      fc.property(expressionArb, (expression) => {
        for (const evaluation of evaluateCaptures({ a: expression }, workerState)) {
          if (!evaluation.ok && evaluation.error.position !== undefined && expression.length > 0) {
            assert.ok(
              evaluation.error.position >= 0 && evaluation.error.position < expression.length,
            );
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  void it('treats a __proto__ key in the state as data', () => {
    const state = JSON.parse(
      '{"interfaces":[{"name":"p","__proto__":{"polluted":"yes"}}]}',
    ) as typeof workerState;
    const result = resolvePolicyCaptures({ a: 'interfaces.__proto__.polluted:="no"' }, {}, state);
    assert.equal(result.ok, false);
    const replaced = resolvePolicyCaptures({ a: 'interfaces.name:="q"' }, {}, state);
    assert.ok(replaced.ok);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
