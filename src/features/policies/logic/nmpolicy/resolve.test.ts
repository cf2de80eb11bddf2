// Table-driven tests of the capture engine against nmstate's Rust policy engine (nmstate/nmstate
// 2.2.38, rust/src/lib/policy/{token,capture,json,template}.rs and rust/src/cli/policy.rs), which
// the kubernetes-nmstate handler runs since v0.84.0 (pkg/nmpolicy/generate.go). Fixtures are our
// own; each case names the upstream file whose behaviour it pins.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NetworkState } from '../../../../shared/model/nmstate';
import { movedGatewayState, workerState } from './__fixtures__/states';
import {
  evaluateCaptures,
  findCaptureReferences,
  formatCaptureError,
  formatNmstateError,
  resolvePolicyCaptures,
} from './resolve';

const templated = (value: unknown): NetworkState => value as NetworkState;
const ens3 = workerState.interfaces?.[0];
const ens4 = workerState.interfaces?.[1];
const ens5 = workerState.interfaces?.[2];
const gwRoute = workerState.routes?.running?.[0];

function capturedOk(capture: Record<string, string>, state: NetworkState = workerState) {
  const r = resolvePolicyCaptures(capture, {}, state);
  assert.ok(r.ok, r.ok ? '' : formatCaptureError(r.error));
  return r.capturedStates;
}

function failure(capture: Record<string, string>, desired: unknown = {}, state = workerState) {
  const r = resolvePolicyCaptures(capture, templated(desired), state);
  assert.ok(!r.ok, 'expected an error');
  return r.error;
}

void describe('captures that nmstate accepts (policy/capture.rs, json.rs)', () => {
  const cases: {
    name: string;
    capture: Record<string, string>;
    expected: Record<string, unknown>;
  }[] = [
    {
      name: 'equality filter on routes.running keeps whole matching routes (route.rs)',
      capture: { gw: 'routes.running.destination == "0.0.0.0/0"' },
      expected: { gw: { routes: { running: [gwRoute] } } },
    },
    {
      name: 'values compare as strings: a quoted number matches a number (json.rs value_to_string)',
      capture: { std: 'interfaces.mtu == "1500"' },
      expected: { std: { interfaces: [ens3, ens5] } },
    },
    {
      name: 'an unquoted number is a value too and compares as a string (token.rs)',
      capture: { std: 'interfaces.mtu == 1500' },
      expected: { std: { interfaces: [ens3, ens5] } },
    },
    {
      name: 'a numeric index in a filter path is allowed (json.rs get_leaf_array_value)',
      capture: { a: 'interfaces.ipv4.address.0.ip == "192.0.2.10"' },
      expected: { a: { interfaces: [ens3] } },
    },
    {
      name: 'a bare path keeps only that key per object level (json.rs value_retain_only)',
      capture: { dns: 'dns-resolver.running' },
      expected: { dns: { 'dns-resolver': { running: workerState['dns-resolver']?.running } } },
    },
    {
      name: 'a bare path through a list keeps the list whole, upstream does not descend lists',
      capture: { names: 'interfaces.name' },
      expected: { names: { interfaces: workerState.interfaces } },
    },
    {
      name: "the right-hand side may be another capture's path (capture.rs get_condition_value)",
      capture: {
        gw: 'routes.running.destination == "0.0.0.0/0"',
        nic: 'interfaces.name == capture.gw.routes.running.0.next-hop-interface',
      },
      expected: {
        gw: { routes: { running: [gwRoute] } },
        nic: { interfaces: [ens3] },
      },
    },
    {
      name: 'captures run in dependency order whatever their names (capture.rs sort_captures)',
      capture: {
        a: 'capture.z | interfaces.name == "ens4"',
        z: 'interfaces.mtu == "9000"',
      },
      expected: {
        a: { interfaces: [ens4] },
        z: { interfaces: [ens4, workerState.interfaces?.[3]] },
      },
    },
    {
      name: 'a replace applies to every element of the filtered list (json.rs update_items)',
      capture: {
        jumbo: 'interfaces.mtu == "9000"',
        down: 'capture.jumbo | interfaces.state := "down"',
      },
      expected: {
        jumbo: { interfaces: [ens4, workerState.interfaces?.[3]] },
        down: {
          interfaces: [
            { ...ens4, state: 'down' },
            { ...workerState.interfaces?.[3], state: 'down' },
          ],
        },
      },
    },
    {
      name: ':= null removes the key (token.rs Null, json.rs update_json_value)',
      capture: { nic: 'interfaces.name == "ens3"', bare: 'capture.nic | interfaces.ipv4 := null' },
      expected: {
        nic: { interfaces: [ens3] },
        bare: {
          interfaces: [
            Object.fromEntries(Object.entries(ens3 ?? {}).filter(([k]) => k !== 'ipv4')),
          ],
        },
      },
    },
    {
      name: 'a replaced number stays a number after the typed round trip (json.rs update_items)',
      capture: { nic: 'interfaces.name == "ens3"', big: 'capture.nic | interfaces.mtu := 9000' },
      expected: { nic: { interfaces: [ens3] }, big: { interfaces: [{ ...ens3, mtu: 9000 }] } },
    },
    {
      name: 'route replace on config routes (route.rs update_routes)',
      capture: { moved: 'routes.config.next-hop-interface := "br-ex"' },
      expected: {
        moved: {
          routes: {
            config: [{ ...workerState.routes?.config?.[0], 'next-hop-interface': 'br-ex' }],
          },
        },
      },
    },
    {
      name: 'null is case-insensitive and unquoted (token.rs)',
      capture: { nic: 'interfaces.name == "ens4"', x: 'capture.nic | interfaces.ipv4 := NULL' },
      expected: {
        nic: { interfaces: [ens4] },
        x: {
          interfaces: [
            Object.fromEntries(Object.entries(ens4 ?? {}).filter(([k]) => k !== 'ipv4')),
          ],
        },
      },
    },
  ];
  for (const c of cases) {
    void it(c.name, () => assert.deepEqual(capturedOk(c.capture), c.expected));
  }
});

void describe('captures that nmstate rejects, with its wording and position', () => {
  const cases: {
    name: string;
    capture: Record<string, string>;
    message: string;
    position?: number;
    kind?: string;
    code: string;
  }[] = [
    {
      name: '`!=` is not an operator: `!` ends a word, then `=` wants another `=` (token.rs)',
      capture: { x: 'interfaces.name != "ens3"' },
      message: "Invalid equal action string after =, expecting another '='",
      position: 18,
      code: 'invalid-expression',
    },
    {
      name: 'single quotes are not quotes: the value keeps them and matches nothing (token.rs)',
      capture: { x: "interfaces.name == 'ens3'" },
      message: "interface with 'name='ens3'' not found",
      position: 11,
      code: 'no-match',
    },
    {
      name: 'a filter does not descend through a list without an index (json.rs)',
      capture: { x: 'interfaces.ipv4.address.ip == "192.0.2.10"' },
      message: "interface with 'ipv4.address.ip=192.0.2.10' not found",
      position: 11,
      code: 'no-match',
    },
    {
      name: 'a capture with no match is an error (json.rs search_item)',
      capture: { x: 'interfaces.name == "eth9"' },
      message: "interface with 'name=eth9' not found",
      position: 11,
      code: 'no-match',
    },
    {
      name: 'only interfaces, routes and route-rules are capture keywords (capture.rs)',
      capture: { x: 'dns-resolver.running.server == "192.0.2.53"' },
      message: "Unsupported capture keyword 'dns-resolver'",
      kind: 'InvalidArgument',
      code: 'invalid-path',
    },
    {
      name: 'routes need running|config and one field (route.rs)',
      capture: { x: 'routes.destination == "0.0.0.0/0"' },
      message: 'No route search pattern found',
      position: 7,
      code: 'invalid-expression',
    },
    {
      name: 'route-rules only search config (route_rule.rs)',
      capture: { x: 'route-rules.running.priority == "100"' },
      message: "Only support 'config' keyword for searching route rules",
      position: 12,
      code: 'invalid-expression',
    },
    {
      name: 'a pipe source must be capture.<name> (capture.rs get_input_capture_source)',
      capture: { x: 'interfaces | interfaces.name == "ens3"' },
      message: "The pipe action should always in format of 'capture.<capture_name>'",
      position: 0,
      code: 'invalid-expression',
    },
    {
      name: 'no ending double quote (token.rs)',
      capture: { x: 'interfaces.name == "ens3' },
      message: 'No ending double quote',
      position: 19,
      code: 'invalid-expression',
    },
    {
      name: 'two equal actions (token.rs)',
      capture: { x: 'interfaces.name == "a" == "b"' },
      message: 'Nmpolicy does not allows two equal action',
      position: 23,
      code: 'invalid-expression',
    },
    {
      name: 'a reference that never resolves fails the sort (capture.rs sort_captures)',
      capture: { x: 'capture.nope | interfaces.name == "ens3"' },
      message:
        'Failed to sort the policy capture in 10 round of rotation, please order the capture in desire policy by placing capture before its consumer',
      kind: 'InvalidArgument',
      code: 'capture-cycle',
    },
    {
      name: 'a replace through a list without index is not an object (json.rs update_json_value)',
      capture: { x: 'interfaces.ipv4.address.ip := "192.0.2.99"' },
      message:
        'The address leaf data Array [Object {"ip": String("192.0.2.10"), "prefix-length": Number(24)}, Object {"ip": String("198.51.100.7"), "prefix-length": Number(32)}] is not a object',
      kind: 'InvalidArgument',
      code: 'type-mismatch',
    },
  ];
  for (const c of cases) {
    void it(c.name, () => {
      const e = failure(c.capture);
      assert.equal(e.message, c.message);
      assert.equal(e.kind, c.kind ?? 'PolicyError');
      assert.equal(e.code, c.code);
      if (c.position !== undefined) assert.equal(e.position, c.position);
    });
  }

  void it('renders like nmstate: kind, message, line and a caret at the position (error.rs)', () => {
    const e = failure({ x: 'interfaces.name == "eth9"' });
    assert.equal(
      formatNmstateError(e),
      'PolicyError: interface with \'name=eth9\' not found\n| interfaces.name == "eth9"\n| ...........^',
    );
  });
});

void describe('templates (policy/template.rs, token.rs parse_str_to_template_tokens)', () => {
  const capture = {
    nic: 'interfaces.name == "ens3"',
    gw: 'routes.running.destination == "0.0.0.0/0"',
  };
  const cases: { name: string; desired: unknown; expected: unknown }[] = [
    {
      name: 'with spaces inside the braces',
      desired: { interfaces: [{ name: '{{ capture.nic.interfaces.0.name }}', type: 'ethernet' }] },
      expected: { interfaces: [{ name: 'ens3', type: 'ethernet', state: 'up' }] },
    },
    {
      name: 'without spaces inside the braces',
      desired: { interfaces: [{ name: '{{capture.nic.interfaces.0.name}}', type: 'ethernet' }] },
      expected: { interfaces: [{ name: 'ens3', type: 'ethernet', state: 'up' }] },
    },
    {
      name: 'with text after the reference (a VLAN name)',
      desired: { interfaces: [{ name: '{{ capture.nic.interfaces.0.name }}.100', type: 'vlan' }] },
      expected: { interfaces: [{ name: 'ens3.100', type: 'vlan', state: 'up' }] },
    },
    {
      name: 'with text before the reference',
      desired: {
        interfaces: [{ name: 'br-{{ capture.nic.interfaces.0.name }}', type: 'linux-bridge' }],
      },
      expected: { interfaces: [{ name: 'br-ens3', type: 'linux-bridge', state: 'up' }] },
    },
    {
      name: 'a whole-string reference keeps the value type (list of addresses)',
      desired: {
        interfaces: [
          { name: 'br0', ipv4: { address: '{{ capture.nic.interfaces.0.ipv4.address }}' } },
        ],
      },
      // No type: an `UnknownInterface`, printed with type `unknown` and the default state.
      expected: {
        interfaces: [
          { name: 'br0', type: 'unknown', state: 'up', ipv4: { address: ens3?.ipv4?.address } },
        ],
      },
    },
    {
      name: 'a whole-string reference to a number stays a number',
      desired: {
        routes: {
          config: [
            { destination: '0.0.0.0/0', metric: '{{ capture.gw.routes.running.0.metric }}' },
          ],
        },
      },
      expected: { routes: { config: [{ destination: '0.0.0.0/0', metric: 100 }] } },
    },
  ];
  for (const c of cases) {
    void it(c.name, () => {
      const r = resolvePolicyCaptures(capture, templated(c.desired), workerState);
      assert.ok(r.ok, r.ok ? '' : formatCaptureError(r.error));
      assert.deepEqual(r.desiredState, c.expected);
    });
  }

  const errors: { name: string; desired: unknown; message: string; position?: number }[] = [
    {
      name: 'an object reference with a suffix',
      desired: {
        interfaces: [{ name: 'x', ipv4: { address: '{{ capture.nic.interfaces.0.ipv4 }}-x' } }],
      },
      message:
        'The resolved reference result is object or array, hence you cannot add prefix or postfix',
      position: 3,
    },
    {
      name: 'an unknown capture',
      desired: { interfaces: [{ name: '{{ capture.other.interfaces.0.name }}' }] },
      message: 'Failed to find capture other',
      position: 11,
    },
    {
      name: 'a lone brace in any string',
      desired: { description: 'a { b' },
      message: "Invalid reference action string after {, expecting another '{'",
      position: 2,
    },
    {
      name: 'a reference that is not a capture',
      desired: { interfaces: [{ name: '{{ interfaces.0.name }}' }] },
      message: 'Can only refer to captured data',
      position: 3,
    },
  ];
  for (const c of errors) {
    void it(`rejects ${c.name}`, () => {
      const e = failure(capture, c.desired);
      assert.equal(e.message, c.message);
      if (c.position !== undefined) assert.equal(e.position, c.position);
    });
  }

  void it('finds references with and without spaces', () => {
    const refs = findCaptureReferences(
      templated({ interfaces: [{ name: '{{capture.nic.interfaces.0.name}}.10' }] }),
    );
    assert.deepEqual(refs, [
      {
        path: 'interfaces.0.name',
        template: '{{capture.nic.interfaces.0.name}}.10',
        expression: 'capture.nic.interfaces.0.name',
        captureName: 'nic',
      },
    ]);
  });
});

void describe('strict parse of the filled state (net_state.rs, bond.rs, mac_vlan.rs deny_unknown_fields)', () => {
  const cases: { name: string; desired: unknown; message: string }[] = [
    {
      name: 'an unknown top-level key',
      desired: { interfacez: [] },
      message:
        'unknown field `interfacez`, expected one of `description`, `hostname`, `dns-resolver`, `route-rules`, `routes`, `interfaces`, `ovs-db`, `ovn`',
    },
    {
      name: 'an unknown bond key',
      desired: {
        interfaces: [
          {
            name: 'bond0',
            type: 'bond',
            'link-aggregation': { mode: 'active-backup', 'port-list': [] },
          },
        ],
      },
      message:
        'unknown field `port-list`, expected one of `mode`, `options`, `port`, `ports`, `ports-config`',
    },
    {
      name: 'a mac-vlan without mode',
      desired: {
        interfaces: [{ name: 'mv0', type: 'mac-vlan', 'mac-vlan': { 'base-iface': 'ens3' } }],
      },
      message: 'missing field `mode`',
    },
  ];
  for (const c of cases) {
    void it(c.name, () => {
      const e = failure({}, c.desired);
      assert.equal(e.kind, 'InvalidArgument');
      assert.equal(e.message, c.message);
    });
  }

  void it('accepts the bond `ports` alias', () => {
    const r = resolvePolicyCaptures(
      {},
      templated({
        interfaces: [
          { name: 'bond0', type: 'bond', 'link-aggregation': { mode: '1', ports: ['ens4'] } },
        ],
      }),
      workerState,
    );
    assert.ok(r.ok);
  });
});

void describe('cached captures (rust/src/cli/policy.rs --captured)', () => {
  const capture = {
    gw: 'routes.running.destination == "0.0.0.0/0"',
    nic: 'interfaces.name == capture.gw.routes.running.0.next-hop-interface',
  };
  const desired = templated({
    interfaces: [
      { name: 'br-ex', bridge: { port: [{ name: '{{ capture.nic.interfaces.0.name }}' }] } },
    ],
  });

  void it('re-resolving against the moved state picks the new NIC', () => {
    const r = resolvePolicyCaptures(capture, desired, movedGatewayState);
    assert.ok(r.ok);
    assert.equal(JSON.stringify(r.desiredState).includes('bond0.120'), true);
  });

  void it("with the enactment's captures, none runs again and the first resolution stays", () => {
    const first = resolvePolicyCaptures(capture, desired, workerState);
    assert.ok(first.ok);
    const again = resolvePolicyCaptures(capture, desired, movedGatewayState, {
      cachedCaptures: first.capturedStates,
    });
    assert.ok(again.ok);
    assert.equal(again.capturesCached, true);
    assert.deepEqual(again.desiredState, first.desiredState);
    const evaluations = evaluateCaptures(capture, movedGatewayState, {
      cachedCaptures: first.capturedStates,
    });
    assert.ok(evaluations.every((e) => e.ok && e.cached));
  });
});

void describe('per-capture results for the editor', () => {
  void it('a failure marks its dependents and leaves independent captures resolved', () => {
    const evaluations = evaluateCaptures(
      {
        bad: 'interfaces.name == "eth9"',
        dep: 'capture.bad | interfaces.name == "eth9"',
        fine: 'interfaces.name == "ens5"',
      },
      workerState,
    );
    const byName = new Map(evaluations.map((e) => [e.name, e]));
    assert.equal(byName.get('bad')?.ok, false);
    const dep = byName.get('dep');
    assert.ok(dep !== undefined && !dep.ok && dep.error.code === 'dependency-failed');
    const fine = byName.get('fine');
    assert.ok(fine?.ok);
    assert.deepEqual(fine.value, { interfaces: [ens5] });
  });
});
