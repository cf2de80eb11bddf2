// @reliability: whatever the cluster or a user hands them, the pure parsers, validators and
// mappers return a result; they never throw and never hang. Inputs are arbitrary JSON shaped
// loosely like the real objects (the API server preserves unknown fields, so anything can
// arrive), plus the classic hostile inputs: huge, deeply nested, alias bombs, binary garbage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { NodeNetworkConfigurationPolicy, NodeNetworkState } from './shared/model/nmstate';
import type { NetworkAttachmentDefinition } from './shared/model/nad';
import type { HostNetworkAttachment } from './shared/model/metal3';
import { parseCniConfig } from './features/nads/logic/parseCniConfig';
import { validateNad } from './features/nads/logic/validateNad';
import { applyNadFormValues, toNadFormValues } from './features/nads/logic/form';
import { parseResourceYaml } from './features/policies/logic/resourceYaml';
import { applyPolicyFormValues, toPolicyFormValues } from './features/policies/logic/policyForm';
import { validatePolicy } from './features/policies/logic/validatePolicy';
import { extractEnactmentError } from './features/policies/logic/enactmentError';
import { resolvePolicyCaptures } from './features/policies/logic/nmpolicy/resolve';
import {
  applyDefaultVlanFiltering,
  applyDesiredState,
  diffNetworkStates,
} from './features/policies/logic/applyDesiredState';
import { buildTopologyGraph } from './features/topology/logic/buildTopologyGraph';
import { parseTopologyFilter } from './features/topology/logic/filter';
import { parseVlanList } from './features/switch-ports/logic/vlanSet';
import { validateHostNetworkAttachment } from './features/switch-ports/logic/validateHostNetworkAttachment';
import { checkVlanConsistency } from './features/switch-ports/logic/checkVlanConsistency';
import { parseRevision } from './features/rollback/logic/revisions';

const RUNS = { numRuns: 150 };
// Generous: this only catches hangs, on a loaded 2-core CI machine.
const HANG_GUARD = { timeout: 300_000 };

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '\u202e\u0000\ud800',
    '{{ capture.x.y }}',
    '__proto__',
    'constructor',
  ),
);

/** Loosely-shaped JSON: real keys with arbitrary values, and arbitrary keys. */
const looseValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    hostileString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          'name',
          'type',
          'state',
          'interfaces',
          'bridge',
          'port',
          'link-aggregation',
          'vlan',
          'ipv4',
          'ipv6',
          'address',
          'ip',
          'prefix-length',
          'lldp',
          'neighbors',
          'routes',
          'config',
          'running',
          'dns-resolver',
          'controller',
          'base-iface',
          'id',
          'mtu',
          'ipam',
          'ranges',
          'subnet',
          'plugins',
          'master',
        ),
        fc.string(),
      ),
      tie('value'),
      { maxKeys: 5 },
    ),
  ),
})).value;

/** What arrives from the API server: plain JSON objects (own `__proto__` keys included). */
const asJson = <T>(v: T): T => JSON.parse(JSON.stringify(v) || 'null') as T;

const resource = (extra: fc.Arbitrary<unknown>) =>
  fc
    .record({
      metadata: fc.record({ name: fc.string(), namespace: fc.string() }, { requiredKeys: [] }),
      spec: extra,
      status: extra,
    })
    .map(asJson);

function noThrow(what: string, fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    assert.fail(
      `${what} threw: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
  }
}

test('@reliability NAD parser, validator and form mapper never throw', HANG_GUARD, () => {
  fc.assert(
    fc.property(
      fc.oneof(
        hostileString,
        looseValue.map((v) => JSON.stringify(v) || ''),
      ),
      (text) => {
        noThrow('parseCniConfig', () => parseCniConfig(text));
        const nad = {
          metadata: { name: 'n', namespace: 'ns' },
          spec: { config: text },
        } as NetworkAttachmentDefinition;
        noThrow('validateNad', () => validateNad(nad));
        const form = toNadFormValues(nad);
        if (form.ok) {
          const applied = applyNadFormValues(nad, form.values);
          // Unchanged values must give back the config exactly as typed.
          if (applied.ok) assert.equal(applied.config, text);
        }
      },
    ),
    RUNS,
  );
});

test(
  '@reliability oversized and deeply nested NAD configs are rejected, not fatal',
  HANG_GUARD,
  () => {
    const huge = JSON.stringify({ cniVersion: '0.4.0', type: 'macvlan', pad: 'x'.repeat(1 << 20) });
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const text of [huge, deep, '\u0000\u0001\u0002garbage\uffff']) {
      noThrow('parseCniConfig', () => parseCniConfig(text));
      noThrow('validateNad', () =>
        validateNad({ metadata: { name: 'n', namespace: 'ns' }, spec: { config: text } }),
      );
    }
    assert.equal(parseCniConfig(deep).ok, false);
  },
);

test('@reliability policy YAML parsing survives alias bombs and garbage', HANG_GUARD, () => {
  const bomb = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
    'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
    'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
    'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
  ].join('\n');
  const expected = { kind: 'NodeNetworkConfigurationPolicy', apiVersionPrefix: 'nmstate.io/' };
  const r = parseResourceYaml(bomb, expected);
  assert.equal(r.ok, false);
  fc.assert(
    fc.property(hostileString, (text) => {
      noThrow('parseResourceYaml', () => parseResourceYaml(text, expected));
    }),
    RUNS,
  );
  noThrow('parseResourceYaml huge', () => parseResourceYaml('a: ' + 'x'.repeat(2 << 20), expected));
});

test(
  '@reliability policy mapping, validation, captures and error extraction never throw',
  HANG_GUARD,
  () => {
    fc.assert(
      fc.property(resource(looseValue), looseValue, hostileString, (raw, state, message) => {
        const policy = raw as unknown as NodeNetworkConfigurationPolicy;
        const nns = {
          metadata: { name: 'n' },
          status: { currentState: state },
        } as NodeNetworkState;
        noThrow('validatePolicy', () =>
          validatePolicy(policy, { nodes: [], nodeNetworkStates: [nns] }),
        );
        const form = (() => {
          try {
            return toPolicyFormValues(policy);
          } catch (err) {
            assert.fail(`toPolicyFormValues threw: ${String(err)}`);
          }
        })();
        if (form.ok) {
          const back = applyPolicyFormValues(policy, form.values);
          assert.deepEqual(back, policy, 'an unedited form gives back the same policy');
        }
        noThrow('extractEnactmentError', () => extractEnactmentError(message));
        noThrow('resolvePolicyCaptures', () =>
          resolvePolicyCaptures(
            { a: message, b: 'interfaces.name=="eth0"' },
            (state ?? {}) as never,
            state as never,
          ),
        );
      }),
      RUNS,
    );
  },
);

test('@reliability topology graph and filters never throw on arbitrary states', HANG_GUARD, () => {
  fc.assert(
    fc.property(fc.array(resource(looseValue), { maxLength: 3 }), hostileString, (raw, query) => {
      noThrow('buildTopologyGraph', () =>
        buildTopologyGraph({
          nodeNetworkStates: raw as unknown as NodeNetworkState[],
          enactments: [],
          policies: [],
        }),
      );
      noThrow('parseTopologyFilter', () => parseTopologyFilter(query));
      const [a, b] = raw;
      const current = (a?.status ?? {}) as never;
      const desired = (b?.spec ?? {}) as never;
      noThrow('applyDesiredState', () => applyDesiredState(current, desired));
      noThrow('applyDefaultVlanFiltering', () => applyDefaultVlanFiltering(desired));
      noThrow('diffNetworkStates', () => diffNetworkStates(current, desired));
    }),
    RUNS,
  );
});

test('@reliability switch-port parsing, validation and VLAN checks never throw', HANG_GUARD, () => {
  fc.assert(
    fc.property(
      fc.oneof(hostileString, fc.array(hostileString)),
      resource(looseValue),
      (list, raw) => {
        noThrow('parseVlanList', () => parseVlanList(list));
        noThrow('validateHostNetworkAttachment', () =>
          validateHostNetworkAttachment(raw as unknown as HostNetworkAttachment),
        );
        noThrow('checkVlanConsistency', () =>
          checkVlanConsistency({
            nodes: [raw as never],
            bareMetalHosts: [raw as never],
            hardwareData: [raw as never],
            hostNetworkAttachments: [raw as never],
            switches: [raw as never],
            nodeNetworkStates: [raw as never],
            policies: [raw as never],
            nads: [raw as never],
            pods: [raw as never],
          }),
        );
        noThrow('parseRevision', () => parseRevision(raw));
      },
    ),
    RUNS,
  );
});
