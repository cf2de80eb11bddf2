import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NetworkState } from '../../../../shared/model/nmstate';
import { movedGatewayState, workerState } from './__fixtures__/states';
import {
  evaluateCaptures,
  findCaptureReferences,
  formatCaptureError,
  resolvePolicyCaptures,
} from './resolve';

// Templated desired states do not fit the nmstate types (a list may be written as a template
// string), exactly as they arrive from a policy's YAML.
const templated = (value: unknown): NetworkState => value as NetworkState;

const gwRoute = workerState.routes?.running?.[0];
const ens3 = workerState.interfaces?.[0];
const ens4 = workerState.interfaces?.[1];
const ens5 = workerState.interfaces?.[2];

function captured(
  capture: Record<string, string>,
  state: NetworkState = workerState,
): Record<string, unknown> {
  const result = resolvePolicyCaptures(capture, {}, state);
  assert.ok(result.ok, result.ok ? '' : formatCaptureError(result.error));
  return result.capturedStates;
}

void describe('capture operators', () => {
  const cases: {
    name: string;
    capture: Record<string, string>;
    expected: Record<string, unknown>;
  }[] = [
    {
      name: 'equality filter over a list keeps whole matching elements under the top-level key only',
      capture: { gw: 'routes.running.destination=="0.0.0.0/0"' },
      expected: { gw: { routes: { running: [gwRoute] } } },
    },
    {
      name: 'equality filter on interfaces by state',
      capture: { down: 'interfaces.state=="down"' },
      expected: { down: { interfaces: [ens5] } },
    },
    {
      name: 'filter through a nested list keeps sibling entries of the nested list',
      capture: { addr: 'interfaces.ipv4.address.ip=="198.51.100.7"' },
      expected: { addr: { interfaces: [ens3] } },
    },
    {
      name: 'number operand compares with numbers in the state',
      capture: { jumbo: 'interfaces.mtu==9000' },
      expected: { jumbo: { interfaces: [ens4, workerState.interfaces?.[3]] } },
    },
    {
      name: 'inequality filter drops matching elements and elements without the key',
      capture: { notUp: 'interfaces.state!="up"' },
      expected: { notUp: { interfaces: [ens5] } },
    },
    {
      name: 'filter without any match yields an empty state',
      capture: { none: 'interfaces.name=="eth9"' },
      expected: { none: {} },
    },
    {
      name: 'a capture reference operand (list index in the reference path)',
      capture: {
        gw: 'routes.running.destination=="0.0.0.0/0"',
        nic: 'interfaces.name==capture.gw.routes.running.0.next-hop-interface',
      },
      expected: { gw: { routes: { running: [gwRoute] } }, nic: { interfaces: [ens3] } },
    },
    {
      name: 'replace sets the leaf on every element and keeps the rest of the input',
      capture: { lldp: 'interfaces.lldp.enabled:=true' },
      expected: {
        lldp: {
          ...workerState,
          interfaces: workerState.interfaces?.map((iface) => ({
            ...iface,
            lldp: { ...(iface.lldp ?? {}), enabled: true },
          })),
        },
      },
    },
    {
      name: 'pipe feeds a capture into a replace',
      capture: {
        gw: 'routes.running.destination=="0.0.0.0/0"',
        moved: 'capture.gw | routes.running.next-hop-interface:="br-ex"',
      },
      expected: {
        gw: { routes: { running: [gwRoute] } },
        moved: { routes: { running: [{ ...gwRoute, 'next-hop-interface': 'br-ex' }] } },
      },
    },
    {
      name: 'pipe feeds a capture into a filter',
      capture: {
        up: 'interfaces.state=="up"',
        upEthernet: 'capture.up | interfaces.type=="ethernet"',
      },
      expected: {
        up: { interfaces: workerState.interfaces?.filter((i) => i.state === 'up') },
        upEthernet: { interfaces: [ens3, ens4] },
      },
    },
  ];
  for (const { name, capture, expected } of cases) {
    void it(name, () => {
      assert.deepEqual(captured(capture), expected);
    });
  }

  void it('does not modify the current state it reads', () => {
    const before = JSON.stringify(workerState);
    captured({
      lldp: 'interfaces.lldp.enabled:=true',
      gw: 'capture.lldp | routes.running.metric:=1',
    });
    assert.equal(JSON.stringify(workerState), before);
  });
});

void describe('capture references and ordering', () => {
  const chain = {
    // Declared consumers first on purpose: resolution must not depend on declaration order.
    'bridge-routes': 'capture.nic-routes | routes.running.next-hop-interface:="br1"',
    'nic-routes': 'routes.running.next-hop-interface==capture.nic.interfaces.0.name',
    nic: 'interfaces.name==capture.gw.routes.running.0.next-hop-interface',
    gw: 'routes.running.destination=="0.0.0.0/0"',
  };

  void it('resolves chained references declared out of order', () => {
    const states = captured(chain);
    assert.deepEqual(Object.keys(states).sort(), ['bridge-routes', 'gw', 'nic', 'nic-routes']);
    assert.deepEqual(states['nic-routes'], {
      routes: { running: workerState.routes?.running?.slice(0, 2) },
    });
    assert.deepEqual(states['bridge-routes'], {
      routes: {
        running: workerState.routes?.running
          ?.slice(0, 2)
          .map((r) => ({ ...r, 'next-hop-interface': 'br1' })),
      },
    });
  });

  void it('follows the node: the same policy resolves differently on another state', () => {
    const states = captured(chain, movedGatewayState);
    assert.deepEqual(states.nic, { interfaces: [workerState.interfaces?.[4]] });
  });

  void it('reports each capture separately, in declaration order, even when one fails', () => {
    const results = evaluateCaptures(
      { ...chain, broken: 'interfaces.name==capture.nope.interfaces.0.name' },
      workerState,
    );
    assert.deepEqual(
      results.map((r) => [r.name, r.ok]),
      [
        ['bridge-routes', true],
        ['nic-routes', true],
        ['nic', true],
        ['gw', true],
        ['broken', false],
      ],
    );
  });

  void it('uses cached captures instead of evaluating them', () => {
    const cachedGw: NetworkState = {
      routes: { running: [{ destination: '0.0.0.0/0', 'next-hop-interface': 'ens4' }] },
    };
    const result = resolvePolicyCaptures(
      {
        gw: 'routes.running.destination=="0.0.0.0/0"',
        nic: 'interfaces.name==capture.gw.routes.running.0.next-hop-interface',
      },
      { interfaces: [{ name: '{{ capture.nic.interfaces.0.name }}', type: 'ethernet' }] },
      workerState,
      { cachedCaptures: { gw: cachedGw, stale: { interfaces: [] } } },
    );
    assert.ok(result.ok);
    assert.deepEqual(result.capturedStates.gw, cachedGw);
    assert.deepEqual(result.capturedStates.stale, { interfaces: [] });
    assert.deepEqual(result.desiredState, { interfaces: [{ name: 'ens4', type: 'ethernet' }] });
    const evaluation = evaluateCaptures(
      { gw: 'routes.running.destination=="0.0.0.0/0"' },
      workerState,
      { cachedCaptures: { gw: cachedGw } },
    );
    assert.equal(evaluation[0]?.ok && evaluation[0].cached, true);
  });
});

void describe('desired state substitution', () => {
  const capture = {
    gw: 'routes.running.destination=="0.0.0.0/0"',
    nic: 'interfaces.name==capture.gw.routes.running.0.next-hop-interface',
    'nic-routes': 'capture.gw | routes.running.next-hop-interface:="br1"',
  };

  void it('substitutes scalars through list indexes, and whole objects and lists with their type', () => {
    const desired = templated({
      interfaces: [
        {
          name: 'br1',
          type: 'linux-bridge',
          state: 'up',
          'mac-address': '{{ capture.nic.interfaces.0.mac-address }}',
          mtu: '{{ capture.nic.interfaces.0.mtu }}',
          ipv4: '{{ capture.nic.interfaces.0.ipv4 }}',
          bridge: { port: [{ name: '{{ capture.nic.interfaces.0.name }}' }] },
        },
      ],
      routes: { config: '{{ capture.nic-routes.routes.running }}' },
      'dns-resolver': {
        config: { server: ['{{ capture.gw.routes.running.0.next-hop-address }}', '192.0.2.53'] },
      },
    });
    const result = resolvePolicyCaptures(capture, desired, workerState);
    assert.ok(result.ok, result.ok ? '' : formatCaptureError(result.error));
    assert.deepEqual(result.desiredState, {
      interfaces: [
        {
          name: 'br1',
          type: 'linux-bridge',
          state: 'up',
          'mac-address': '52:54:00:AB:00:03',
          mtu: 1500,
          ipv4: ens3?.ipv4,
          bridge: { port: [{ name: 'ens3' }] },
        },
      ],
      routes: { config: [{ ...gwRoute, 'next-hop-interface': 'br1' }] },
      'dns-resolver': { config: { server: ['192.0.2.1', '192.0.2.53'] } },
    });
  });

  void it('substitutes a whole capture and leaves non-template strings alone', () => {
    const desired = {
      gateway: '{{ capture.gw }}',
      prefixed: 'x-{{ capture.nic.interfaces.0.name }}',
      tight: '{{capture.nic.interfaces.0.name}}',
    } as NetworkState;
    const result = resolvePolicyCaptures(capture, desired, workerState);
    assert.ok(result.ok);
    assert.deepEqual(result.desiredState, {
      gateway: { routes: { running: [gwRoute] } },
      prefixed: 'x-{{ capture.nic.interfaces.0.name }}',
      tight: '{{capture.nic.interfaces.0.name}}',
    });
  });

  void it('lists template references with their location', () => {
    assert.deepEqual(
      findCaptureReferences(
        templated({
          interfaces: [
            { name: 'br1', bridge: { port: [{ name: '{{ capture.nic.interfaces.0.name }}' }] } },
          ],
          routes: { config: '{{ capture.nic-routes.routes.running }}' },
        }),
      ),
      [
        {
          path: 'interfaces.0.bridge.port.0.name',
          template: '{{ capture.nic.interfaces.0.name }}',
          expression: 'capture.nic.interfaces.0.name',
          captureName: 'nic',
        },
        {
          path: 'routes.config',
          template: '{{ capture.nic-routes.routes.running }}',
          expression: 'capture.nic-routes.routes.running',
          captureName: 'nic-routes',
        },
      ],
    );
  });
});

void describe('errors', () => {
  type ErrorCase = {
    name: string;
    capture: Record<string, string>;
    desired?: NetworkState;
    code: string;
    captureName?: string;
    path?: string;
    formatted: string;
  };
  const cases: ErrorCase[] = [
    {
      name: 'unknown capture in an operand',
      capture: { nic: 'interfaces.name==capture.gw.routes.running.0.next-hop-interface' },
      code: 'unknown-capture',
      captureName: 'nic',
      formatted:
        "capture nic: resolve error: eqfilter error: capture entry 'gw' not found\n" +
        '| interfaces.name==capture.gw.routes.running.0.next-hop-interface\n' +
        '| .................^',
    },
    {
      name: 'unknown capture as pipe input',
      capture: { moved: 'capture.gw | routes.running.metric:=5' },
      code: 'unknown-capture',
      captureName: 'moved',
      formatted:
        "capture moved: resolve error: replace error: capture entry 'gw' not found\n| capture.gw | routes.running.metric:=5\n| ^",
    },
    {
      name: 'bad path in a capture reference (index out of range)',
      capture: {
        gw: 'routes.running.destination=="0.0.0.0/0"',
        nic: 'interfaces.name==capture.gw.routes.running.3.next-hop-interface',
      },
      code: 'bad-path',
      captureName: 'nic',
      formatted:
        "capture nic: resolve error: eqfilter error: invalid path: step '3' not found at slice state of 1 items\n" +
        '| interfaces.name==capture.gw.routes.running.3.next-hop-interface\n' +
        '| ...........................................^',
    },
    {
      name: 'bad path in a capture reference (missing key)',
      capture: {
        gw: 'routes.running.destination=="0.0.0.0/0"',
        nic: 'interfaces.name==capture.gw.routes.config.0.x',
      },
      code: 'bad-path',
      captureName: 'nic',
      formatted:
        "capture nic: resolve error: eqfilter error: invalid path: step 'config' not found at map state with keys [running]\n" +
        '| interfaces.name==capture.gw.routes.config.0.x\n' +
        '| ...................................^',
    },
    {
      name: 'numeric step in a filter path',
      capture: { first: 'interfaces.0.name=="ens3"' },
      code: 'bad-path',
      formatted:
        'capture first: resolve error: eqfilter error: failed applying operation on the path: invalid path: failed filtering slice: path with index not supported\n' +
        '| interfaces.0.name=="ens3"\n' +
        '| ...........^',
    },
    {
      name: 'filter through a scalar',
      capture: { x: 'interfaces.name.first=="e"' },
      code: 'bad-path',
      formatted:
        "capture x: resolve error: eqfilter error: failed applying operation on the path: invalid path: invalid type string for identity step 'first'\n" +
        '| interfaces.name.first=="e"\n' +
        '| ................^',
    },
    {
      name: 'type mismatch between the state and the operand',
      capture: { x: 'interfaces.mtu=="1500"' },
      code: 'type-mismatch',
      formatted:
        'capture x: resolve error: eqfilter error: failed applying operation on the path: invalid path: type missmatch: the value in the path doesn\'t match the value to filter. "number" != "string" -> 1500 != "1500"\n' +
        '| interfaces.mtu=="1500"\n' +
        '| ...........^',
    },
    {
      name: 'value path without a capture reference',
      capture: { x: 'interfaces.name==routes.running' },
      code: 'invalid-value-path',
      formatted:
        'capture x: resolve error: eqfilter error: not supported filtered value path. Only paths with a capture entry reference are supported\n' +
        '| interfaces.name==routes.running\n' +
        '| .................^',
    },
    {
      name: 'capture reference without a name',
      capture: { x: 'interfaces.name==capture' },
      code: 'missing-capture-name',
      formatted:
        'capture x: resolve error: eqfilter error: path capture ref is missing capture entry name\n| interfaces.name==capture\n| .................^',
    },
    {
      name: 'pipe from a path that is not a capture',
      capture: { x: 'routes | routes.running.metric:=1' },
      code: 'invalid-input-source',
      formatted:
        'capture x: resolve error: replace error: invalid path input source, only capture reference is supported\n| routes | routes.running.metric:=1\n| ^',
    },
    {
      name: 'expression without an operator',
      capture: { x: 'interfaces' },
      code: 'unsupported-operation',
      formatted: 'capture x: resolve error: root node has unsupported operation\n| interfaces\n| ^',
    },
    {
      name: 'syntax error with position',
      capture: { x: 'routes.running.destination="0.0.0.0/0"' },
      code: 'illegal-character',
      formatted:
        'capture x: illegal rune =\n| routes.running.destination="0.0.0.0/0"\n| ..........................^',
    },
    {
      name: 'self reference is a cycle',
      capture: { x: 'capture.x | interfaces.mtu:=1' },
      code: 'capture-cycle',
      formatted:
        "capture x: resolve error: capture entry 'x' has a circular reference: x -> x\n| capture.x | interfaces.mtu:=1\n| ^",
    },
    {
      name: 'cycle across three captures',
      capture: {
        a: 'interfaces.name==capture.c.interfaces.0.name',
        b: 'capture.a | interfaces.mtu:=1',
        c: 'interfaces.name==capture.b.interfaces.0.name',
      },
      code: 'capture-cycle',
      captureName: 'a',
      formatted:
        "capture a: resolve error: capture entry 'a' has a circular reference: a -> c -> b -> a\n" +
        '| interfaces.name==capture.c.interfaces.0.name\n' +
        '| .................^',
    },
    {
      name: 'template naming an unknown capture',
      capture: {},
      desired: {
        interfaces: [
          { name: 'br1', bridge: { port: [{ name: '{{ capture.nic.interfaces.0.name }}' }] } },
        ],
      },
      code: 'unknown-capture',
      path: 'interfaces.0.bridge.port.0.name',
      formatted:
        "desiredState.interfaces.0.bridge.port.0.name: failed to resolve capture entry path expression: capture entry 'nic' not found\n" +
        '| capture.nic.interfaces.0.name\n' +
        '| ^',
    },
    {
      name: 'template with a bad path',
      capture: { gw: 'routes.running.destination=="0.0.0.0/0"' },
      desired: templated({ routes: { config: '{{ capture.gw.routes.running.1 }}' } }),
      code: 'bad-path',
      path: 'routes.config',
      formatted:
        "desiredState.routes.config: failed to resolve capture entry path expression: invalid path: step '1' not found at slice state of 1 items\n" +
        '| capture.gw.routes.running.1\n' +
        '| ..........................^',
    },
    {
      name: 'template with a syntax error',
      capture: {},
      desired: { interfaces: [{ name: '{{ capture.nic..name }}' }] },
      code: 'invalid-path',
      path: 'interfaces.0.name',
      formatted:
        'desiredState.interfaces.0.name: failed to resolve capture entry path expression: invalid path: missing identity or number after dot\n' +
        '| capture.nic..name\n' +
        '| ............^',
    },
    {
      name: 'template holding an operation instead of a path',
      capture: {},
      desired: { interfaces: [{ name: '{{ interfaces.name=="x" }}' }] },
      code: 'invalid-template',
      path: 'interfaces.0.name',
      formatted:
        'desiredState.interfaces.0.name: failed to resolve capture entry path expression: only capture entry paths are supported between {{ and }}\n' +
        '| interfaces.name=="x"\n' +
        '| ...............^',
    },
  ];
  for (const c of cases) {
    void it(c.name, () => {
      const result = resolvePolicyCaptures(c.capture, c.desired ?? {}, workerState);
      assert.equal(result.ok, false);
      assert.equal(result.error.code, c.code);
      if (c.captureName !== undefined) assert.equal(result.error.captureName, c.captureName);
      if (c.path !== undefined) assert.equal(result.error.path, c.path);
      assert.equal(formatCaptureError(result.error), c.formatted);
    });
  }

  void it('reports the root cause, and marks dependents of a failed capture', () => {
    const capture = {
      nic: 'interfaces.name==capture.gw.routes.running.0.next-hop-interface',
      gw: 'routes.running.destination=="0.0.0.0/0" "extra"',
    };
    const result = resolvePolicyCaptures(capture, {}, workerState);
    assert.equal(!result.ok && result.error.captureName, 'gw');
    const [nic] = evaluateCaptures(capture, workerState);
    assert.equal(nic?.ok === false && nic.error.code, 'dependency-failed');
    assert.equal(nic?.ok === false && nic.error.position, 17);
  });

  void it('marks every member of a cycle and its dependents', () => {
    const results = evaluateCaptures(
      {
        a: 'capture.b | interfaces.mtu:=1',
        b: 'capture.a | interfaces.mtu:=2',
        c: 'capture.a | interfaces.mtu:=3',
        d: 'interfaces.state=="up"',
      },
      workerState,
    );
    assert.deepEqual(
      results.map((r) => (r.ok ? 'ok' : r.error.code)),
      ['capture-cycle', 'capture-cycle', 'dependency-failed', 'ok'],
    );
  });
});
