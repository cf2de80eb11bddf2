import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type {
  NetworkInterface,
  NodeNetworkConfigurationPolicy,
  Route,
} from '../../../shared/model/nmstate';
import {
  getDefaultRouteInterfaces,
  getFindingsForNode,
  getInterfaceNameProblem,
  isValidMaxUnavailable,
  validatePolicy,
  type PolicyValidationContext,
} from './validatePolicy';
import {
  clusterNodes,
  clusterNodeStates,
  makeNodeState,
  WORKER_1,
  WORKER_2,
  WORKER_3,
} from '../__fixtures__/clusterFixtures';
import { withPolicyConditions } from '../__fixtures__/enactmentFixtures';
import {
  REPRESENTABLE_POLICIES,
  bondVlanPolicy,
  workerSelectorPolicy,
} from '../__fixtures__/policyFixtures';

const ctx: PolicyValidationContext = { nodes: clusterNodes, nodeNetworkStates: clusterNodeStates };
const WORKERS = { 'node-role.kubernetes.io/worker': '' };

const policy = (
  desiredState: NodeNetworkConfigurationPolicy['spec']['desiredState'],
  extra: Partial<NodeNetworkConfigurationPolicy['spec']> = {},
  name = 'p1',
): NodeNetworkConfigurationPolicy => ({
  apiVersion: 'nmstate.io/v1',
  kind: 'NodeNetworkConfigurationPolicy',
  metadata: { name, generation: 1 },
  spec: { nodeSelector: WORKERS, desiredState, ...extra },
});
const ifaces = (...interfaces: NetworkInterface[]): NodeNetworkConfigurationPolicy =>
  policy({ interfaces });
const eth = (name: string, extra: Partial<NetworkInterface> = {}): NetworkInterface => ({
  name,
  type: 'ethernet',
  state: 'up',
  ...extra,
});

interface Row {
  code: string;
  severity: string;
  policy: NodeNetworkConfigurationPolicy;
  ctx?: Partial<PolicyValidationContext>;
  nodes?: string[];
}

const existing = withPolicyConditions(workerSelectorPolicy, 'progressing');

const rows: Row[] = [
  {
    code: 'policy.name.required',
    severity: 'error',
    policy: policy({ interfaces: [eth('ens4')] }, {}, ''),
  },
  {
    code: 'policy.name.tooLong',
    severity: 'error',
    policy: policy({ interfaces: [eth('ens4')] }, {}, 'a'.repeat(64)),
  },
  {
    code: 'policy.name.invalid',
    severity: 'error',
    policy: policy({ interfaces: [eth('ens4')] }, {}, '-bad name'),
  },
  {
    code: 'policy.name.duplicate',
    severity: 'error',
    policy: policy({ interfaces: [eth('ens4')] }, {}, 'worker-ens4'),
    ctx: { policies: [workerSelectorPolicy] },
  },
  {
    code: 'policy.nodeSelector.keyInvalid',
    severity: 'error',
    policy: policy({ interfaces: [eth('ens4')] }, { nodeSelector: { 'bad key!': 'x' } }),
  },
  {
    code: 'policy.nodeSelector.valueInvalid',
    severity: 'error',
    policy: policy({ interfaces: [eth('ens4')] }, { nodeSelector: { role: 'not valid!' } }),
  },
  {
    code: 'policy.nodeSelector.invalid',
    severity: 'error',
    policy: policy(
      { interfaces: [eth('ens4')] },
      { nodeSelector: 'x' as unknown as Record<string, string> },
    ),
  },
  {
    code: 'policy.nodeSelector.noMatch',
    severity: 'warning',
    policy: policy({ interfaces: [eth('ens4')] }, { nodeSelector: { role: 'none' } }),
  },
  {
    code: 'policy.maxUnavailable.invalid',
    severity: 'error',
    policy: policy({ interfaces: [eth('ens4')] }, { maxUnavailable: 1.5 }),
  },
  // kubernetes-nmstate v0.85.0 pkg/node/nodes.go: the handler corrects these silently.
  {
    code: 'policy.maxUnavailable.fallback',
    severity: 'warning',
    policy: policy({ interfaces: [eth('ens4')] }, { maxUnavailable: '3' }),
  },
  {
    code: 'policy.maxUnavailable.atLeastOne',
    severity: 'warning',
    policy: policy({ interfaces: [eth('ens4')] }, { maxUnavailable: 0 }),
  },
  {
    code: 'policy.maxUnavailable.allNodes',
    severity: 'warning',
    policy: policy({ interfaces: [eth('ens4')] }, { maxUnavailable: '150%' }),
  },
  {
    code: 'policy.capture.immutable',
    severity: 'error',
    policy: {
      ...workerSelectorPolicy,
      spec: { ...workerSelectorPolicy.spec, capture: { a: 'interfaces.name=="x"' } },
    },
    ctx: { existingPolicy: withPolicyConditions(workerSelectorPolicy, 'available') },
  },
  {
    code: 'policy.update.inProgress',
    severity: 'error',
    policy: { ...existing, spec: { ...existing.spec, maxUnavailable: 1 } },
    ctx: { existingPolicy: existing },
  },
  { code: 'policy.desiredState.empty', severity: 'warning', policy: policy({}) },
  {
    code: 'policy.desiredState.templatedInterfaces',
    severity: 'info',
    policy: policy(
      { interfaces: '{{ capture.x.interfaces }}' as unknown as [] },
      { capture: { x: 'interfaces.type=="ethernet"' } },
    ),
  },
  { code: 'interface.name.required', severity: 'error', policy: ifaces(eth('')) },
  { code: 'interface.name.tooLong', severity: 'error', policy: ifaces(eth('a-very-long-name0')) },
  { code: 'interface.name.invalidChars', severity: 'error', policy: ifaces(eth('eth 1')) },
  { code: 'interface.name.duplicate', severity: 'error', policy: ifaces(eth('ens4'), eth('ens4')) },
  {
    code: 'interface.state.invalid',
    severity: 'error',
    policy: ifaces(eth('ens4', { state: 'running' })),
  },
  {
    code: 'interface.type.missing',
    severity: 'info',
    policy: ifaces({ name: 'ens4', state: 'up' }),
  },
  {
    code: 'interface.brEx',
    severity: 'danger',
    policy: ifaces({ name: 'br-ex', type: 'ovs-interface', state: 'up', mtu: 1400 }),
  },
  {
    code: 'interface.defaultRoute',
    severity: 'danger',
    policy: ifaces(eth('ens3', { mtu: 9000 })),
    nodes: [WORKER_1, WORKER_2, WORKER_3],
  },
  { code: 'interface.mtu.invalid', severity: 'error', policy: ifaces(eth('ens4', { mtu: 60 })) },
  {
    code: 'interface.mtu.tooSmallForIpv6',
    severity: 'warning',
    policy: ifaces(eth('ens4', { mtu: 1000, ipv6: { enabled: true } })),
  },
  {
    code: 'interface.mtu.exceedsParent',
    severity: 'error',
    policy: ifaces({
      name: 'ens4.10',
      type: 'vlan',
      state: 'up',
      mtu: 9000,
      vlan: { 'base-iface': 'ens4', id: 10 },
    }),
    nodes: [WORKER_1, WORKER_2, WORKER_3],
  },
  {
    code: 'vlan.baseIface.required',
    severity: 'error',
    policy: ifaces({ name: 'v10', type: 'vlan', state: 'up', vlan: { id: 10 } }),
  },
  {
    code: 'vlan.id.invalid',
    severity: 'error',
    policy: ifaces({
      name: 'ens4.4095',
      type: 'vlan',
      state: 'up',
      vlan: { 'base-iface': 'ens4', id: 4095 },
    }),
  },
  {
    code: 'bond.mode.required',
    severity: 'error',
    policy: ifaces({
      name: 'bond0',
      type: 'bond',
      state: 'up',
      'link-aggregation': { port: ['ens4'] },
    }),
  },
  {
    code: 'bond.mode.invalid',
    severity: 'error',
    policy: ifaces({
      name: 'bond0',
      type: 'bond',
      state: 'up',
      'link-aggregation': { mode: 'lacp', port: ['ens4'] },
    }),
  },
  // nmstate creates a bond without ports (bond.rs has no such check): a warning, not a refusal.
  {
    code: 'bond.ports.empty',
    severity: 'warning',
    policy: ifaces({
      name: 'bond0',
      type: 'bond',
      state: 'up',
      'link-aggregation': { mode: 'active-backup', port: [] },
    }),
  },
  {
    code: 'port.notFound',
    severity: 'warning',
    policy: ifaces({
      name: 'bond0',
      type: 'bond',
      state: 'up',
      'link-aggregation': { mode: 'active-backup', port: ['ens4', 'ens5'] },
    }),
    nodes: [WORKER_3],
  },
  {
    code: 'port.multipleControllers',
    severity: 'error',
    policy: ifaces(
      { name: 'br1', type: 'linux-bridge', state: 'up', bridge: { port: [{ name: 'ens4' }] } },
      { name: 'br2', type: 'linux-bridge', state: 'up', bridge: { port: [{ name: 'ens4' }] } },
    ),
  },
  {
    code: 'baseIface.notFound',
    severity: 'warning',
    policy: ifaces({
      name: 'ens5.10',
      type: 'vlan',
      state: 'up',
      vlan: { 'base-iface': 'ens5', id: 10 },
    }),
    nodes: [WORKER_3],
  },
  {
    code: 'macvlan.baseIface.required',
    severity: 'error',
    policy: ifaces({ name: 'mv0', type: 'mac-vlan', state: 'up', 'mac-vlan': { mode: 'bridge' } }),
  },
  // ifaces/mac_vlan.rs `MacVlanConfig`: `mode` has no default.
  {
    code: 'macvlan.mode.required',
    severity: 'error',
    policy: ifaces({
      name: 'mv0',
      type: 'mac-vlan',
      state: 'up',
      'mac-vlan': { 'base-iface': 'ens4' },
    }),
  },
  // iface.rs `InterfaceType` has no team in nmstate 2.
  {
    code: 'interface.type.team',
    severity: 'error',
    policy: ifaces({ name: 'team0', type: 'team', state: 'up' }),
  },
  {
    code: 'macvlan.mode.invalid',
    severity: 'error',
    policy: ifaces({
      name: 'mv0',
      type: 'mac-vlan',
      state: 'up',
      'mac-vlan': { 'base-iface': 'ens4', mode: 'l2' },
    }),
  },
  {
    code: 'bridge.port.vlan.modeInvalid',
    severity: 'error',
    policy: ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: { port: [{ name: 'ens4', vlan: { mode: 'hybrid' as 'access', tag: 3 } }] },
    }),
  },
  {
    code: 'bridge.port.vlan.accessNeedsTag',
    severity: 'error',
    policy: ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: { port: [{ name: 'ens4', vlan: { mode: 'access' } }] },
    }),
  },
  {
    code: 'bridge.port.vlan.trunkNeedsTags',
    severity: 'error',
    policy: ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: { port: [{ name: 'ens4', vlan: { mode: 'trunk' } }] },
    }),
  },
  {
    code: 'bridge.port.vlan.nativeNeedsTag',
    severity: 'error',
    policy: ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: {
        port: [
          {
            name: 'ens4',
            vlan: { mode: 'trunk', 'enable-native': true, 'trunk-tags': [{ id: 5 }] },
          },
        ],
      },
    }),
  },
  // ifaces/bridge_vlan.rs `BridgePortVlanConfig::sanitize` and `validate_overlap_trunk_tags`.
  {
    code: 'bridge.port.vlan.tagNeedsNative',
    severity: 'error',
    policy: ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: {
        port: [{ name: 'ens4', vlan: { mode: 'trunk', tag: 5, 'trunk-tags': [{ id: 6 }] } }],
      },
    }),
  },
  {
    code: 'bridge.port.vlan.accessNative',
    severity: 'error',
    policy: ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: { port: [{ name: 'ens4', vlan: { mode: 'access', tag: 5, 'enable-native': true } }] },
    }),
  },
  {
    code: 'bridge.port.vlan.accessTrunkTags',
    severity: 'error',
    policy: ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: {
        port: [{ name: 'ens4', vlan: { mode: 'access', tag: 5, 'trunk-tags': [{ id: 6 }] } }],
      },
    }),
  },
  {
    code: 'bridge.port.vlan.trunkOverlap',
    severity: 'error',
    policy: ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: {
        port: [
          {
            name: 'ens4',
            vlan: {
              mode: 'trunk',
              'trunk-tags': [{ 'id-range': { min: 100, max: 200 } }, { id: 150 }],
            },
          },
        ],
      },
    }),
  },
  {
    code: 'bridge.port.vlan.trunkRangeInvalid',
    severity: 'error',
    policy: ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: {
        port: [
          {
            name: 'ens4',
            vlan: { mode: 'trunk', 'trunk-tags': [{ 'id-range': { min: 500, max: 200 } }] },
          },
        ],
      },
    }),
  },
  {
    code: 'bridge.port.vlan.trunkTagInvalid',
    severity: 'error',
    policy: ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: {
        port: [
          {
            name: 'ens4',
            vlan: { mode: 'trunk', 'trunk-tags': [{ vid: 5 } as unknown as { id: number }] },
          },
        ],
      },
    }),
  },
  {
    code: 'ip.address.invalid',
    severity: 'error',
    policy: ifaces(
      eth('ens4', {
        ipv4: { enabled: true, address: [{ ip: '10.0.0.300', 'prefix-length': 24 }] },
      }),
    ),
  },
  {
    code: 'ip.address.wrongFamily',
    severity: 'error',
    policy: ifaces(
      eth('ens4', { ipv6: { enabled: true, address: [{ ip: '10.0.0.3', 'prefix-length': 24 }] } }),
    ),
  },
  {
    code: 'ip.prefix.invalid',
    severity: 'error',
    policy: ifaces(
      eth('ens4', {
        ipv6: { enabled: true, address: [{ ip: '2001:db8::3', 'prefix-length': 129 }] },
      }),
    ),
  },
  {
    code: 'ip.address.duplicateInPolicy',
    severity: 'error',
    policy: ifaces(
      eth('ens4', { ipv4: { enabled: true, address: [{ ip: '10.0.0.3', 'prefix-length': 24 }] } }),
      eth('ens5', { ipv4: { enabled: true, address: [{ ip: '10.0.0.3', 'prefix-length': 24 }] } }),
    ),
  },
  {
    code: 'ip.address.duplicateAcrossNodes',
    severity: 'error',
    policy: ifaces(
      eth('ens4', { ipv4: { enabled: true, address: [{ ip: '10.0.0.3', 'prefix-length': 24 }] } }),
    ),
    nodes: [WORKER_1, WORKER_2, WORKER_3],
  },
  {
    code: 'ip.address.duplicateAcrossNodesIsolated',
    severity: 'warning',
    policy: ifaces({
      name: 'dummy0',
      type: 'dummy',
      state: 'up',
      ipv4: { enabled: true, address: [{ ip: '169.254.10.1', 'prefix-length': 32 }] },
    }),
    nodes: [WORKER_1, WORKER_2, WORKER_3],
  },
  // Every struct of nmstate rust/src/lib denies unknown fields (nmpolicy/schema.ts).
  {
    code: 'nmstate.unknownField',
    severity: 'error',
    policy: ifaces(eth('ens4', { 'x-vendor': 1 })),
  },
  {
    code: 'nmstate.unknownField.suggest',
    severity: 'error',
    policy: ifaces(eth('ens4', { mtuu: 9000 })),
  },
  {
    code: 'ip.address.inUseOnNode',
    severity: 'warning',
    policy: {
      ...ifaces(
        eth('ens4', {
          ipv4: { enabled: true, address: [{ ip: '192.168.111.22', 'prefix-length': 24 }] },
        }),
      ),
      spec: {
        nodeSelector: { 'kubernetes.io/hostname': WORKER_2 },
        desiredState: {
          interfaces: [
            eth('ens4', {
              ipv4: { enabled: true, address: [{ ip: '192.168.111.22', 'prefix-length': 24 }] },
            }),
          ],
        },
      },
    },
    nodes: [WORKER_2],
  },
  {
    code: 'route.invalid',
    severity: 'error',
    policy: policy({ routes: { config: ['x' as unknown as Route] } }),
  },
  {
    code: 'route.destination.required',
    severity: 'error',
    policy: policy({ routes: { config: [{ 'next-hop-interface': 'ens4' }] } }),
  },
  {
    code: 'route.destination.invalid',
    severity: 'error',
    policy: policy({
      routes: { config: [{ destination: '10.0.0.0/33', 'next-hop-interface': 'ens4' }] },
    }),
  },
  {
    code: 'route.defaultRoute',
    severity: 'danger',
    policy: policy({
      routes: {
        config: [
          {
            destination: '0.0.0.0/0',
            'next-hop-interface': 'ens4',
            'next-hop-address': '10.0.0.1',
          },
        ],
      },
    }),
  },
  {
    code: 'route.nextHopAddress.invalid',
    severity: 'error',
    policy: policy({
      routes: {
        config: [
          {
            destination: '10.1.0.0/16',
            'next-hop-address': 'gateway',
            'next-hop-interface': 'ens4',
          },
        ],
      },
    }),
  },
  {
    code: 'route.familyMismatch',
    severity: 'error',
    policy: policy({
      routes: {
        config: [
          {
            destination: '10.1.0.0/16',
            'next-hop-address': '2001:db8::1',
            'next-hop-interface': 'ens4',
          },
        ],
      },
    }),
  },
  {
    code: 'route.nextHopInterface.notFound',
    severity: 'warning',
    policy: policy({
      routes: { config: [{ destination: '10.1.0.0/16', 'next-hop-interface': 'ens5' }] },
    }),
    nodes: [WORKER_3],
  },
  // nmstate rust/src/lib/route.rs `Routes::validate`: a unicast route needs the interface.
  {
    code: 'route.nextHopInterface.required',
    severity: 'error',
    policy: policy({
      routes: { config: [{ destination: '10.1.0.0/16', 'next-hop-address': '192.0.2.1' }] },
    }),
  },
  {
    code: 'route.type.invalid',
    severity: 'error',
    policy: policy({
      routes: { config: [{ destination: '10.1.0.0/16', 'route-type': 'discard' }] },
    }),
  },
  {
    code: 'route.typed.nextHop',
    severity: 'error',
    policy: policy({
      routes: {
        config: [
          { destination: '10.1.0.0/16', 'route-type': 'blackhole', 'next-hop-interface': 'ens4' },
        ],
      },
    }),
  },
  {
    code: 'route.metric.invalid',
    severity: 'error',
    policy: policy({
      routes: {
        config: [{ destination: '10.1.0.0/16', 'next-hop-interface': 'ens4', metric: -2 }],
      },
    }),
  },
  {
    code: 'route.tableId.invalid',
    severity: 'error',
    policy: policy({
      routes: {
        config: [{ destination: '10.1.0.0/16', 'next-hop-interface': 'ens4', 'table-id': 1.5 }],
      },
    }),
  },
  {
    code: 'dns.server.invalid',
    severity: 'error',
    policy: policy({ 'dns-resolver': { config: { server: ['dns.example.com'] } } }),
  },
  {
    code: 'dns.server.tooMany',
    severity: 'warning',
    policy: policy({
      'dns-resolver': { config: { server: ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'] } },
    }),
  },
  {
    code: 'dns.search.invalid',
    severity: 'error',
    policy: policy({ 'dns-resolver': { config: { search: ['bad domain'] } } }),
  },
  {
    code: 'capture.referenceUnknown',
    severity: 'error',
    policy: ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: { port: [{ name: '{{ capture.nic.interfaces.0.name }}' }] },
    }),
  },
];

void describe('validatePolicy: one row per code', () => {
  for (const row of rows) {
    void it(row.code, () => {
      const findings = validatePolicy(row.policy, { ...ctx, ...row.ctx });
      const hit = findings.find((f) => f.code === row.code);
      assert.ok(hit, `expected ${row.code}, got ${JSON.stringify(findings.map((f) => f.code))}`);
      assert.equal(hit.severity, row.severity);
      assert.ok(hit.path.length > 0);
      if (row.nodes) assert.deepEqual(hit.nodes, row.nodes);
    });
  }
  void it('covers every code the validator can emit', () => {
    const source = rows.map((r) => r.code);
    assert.equal(new Set(source).size, source.length, 'one row per code');
  });
});

void describe('validatePolicy: clean policies', () => {
  for (const [name, p] of Object.entries(REPRESENTABLE_POLICIES)) {
    void it(`${name} has no errors`, () => {
      const errors = validatePolicy(p, ctx).filter((f) => f.severity === 'error');
      // route/static-ip pin one node; unknown-keys adds a default route (danger, not error) and
      // carries two keys the form keeps but nmstate refuses (ifaces/base.rs, route.rs deny them).
      assert.deepEqual(
        errors.map((f) => f.path),
        name === 'unknown-keys'
          ? [
              'spec.desiredState.interfaces[1].x-vendor',
              'spec.desiredState.routes.config[0].x-weight',
            ]
          : [],
      );
    });
  }
  void it('bond-vlan: the VLAN MTU is checked against the bond in the same policy', () => {
    const p = structuredClone(bondVlanPolicy);
    const vlan = p.spec.desiredState?.interfaces?.[1];
    assert.ok(vlan);
    vlan.mtu = 9100;
    const f = validatePolicy(p, ctx).find((x) => x.code === 'interface.mtu.exceedsParent');
    assert.deepEqual(f?.params, { mtu: 9100, parent: 'bond1', parentMtu: 9000 });
  });
  void it('downgrades OpenShift guardrails on plain Kubernetes', () => {
    const f = validatePolicy(ifaces(eth('ens3')), { ...ctx, platform: 'kubernetes' });
    assert.equal(f.find((x) => x.code === 'interface.defaultRoute')?.severity, 'warning');
  });
  void it('allows spec updates once the policy settled', () => {
    const settled = withPolicyConditions(workerSelectorPolicy, 'degraded');
    const f = validatePolicy(
      { ...settled, spec: { ...settled.spec, maxUnavailable: 1 } },
      { ...ctx, existingPolicy: settled },
    );
    assert.equal(
      f.some((x) => x.code === 'policy.update.inProgress'),
      false,
    );
  });
});

void describe('helpers', () => {
  void it('interface names', () => {
    assert.equal(getInterfaceNameProblem('bond0.1234'), null);
    assert.equal(getInterfaceNameProblem('exactly15chars_'), null);
    assert.equal(getInterfaceNameProblem('sixteen-chars-xx'), 'tooLong');
    assert.equal(getInterfaceNameProblem('..'), 'invalidChars');
    assert.equal(getInterfaceNameProblem('a/b'), 'invalidChars');
    assert.equal(getInterfaceNameProblem('a:b'), 'invalidChars');
  });
  void it('maxUnavailable', () => {
    // Any IntOrString is admitted; the handler corrects odd values (see the warning rows).
    for (const ok of [1, 3, 0, -1, '1', '1%', '100%', '101%', 'x'])
      assert.equal(isValidMaxUnavailable(ok), true, String(ok));
    for (const bad of [1.5, true, null, {}])
      assert.equal(isValidMaxUnavailable(bad), false, JSON.stringify(bad));
  });
  void it('default-route carriers follow br-ex down to its NIC', () => {
    assert.deepEqual([...getDefaultRouteInterfaces(makeNodeState(1))].sort(), ['br-ex', 'ens3']);
  });
  void it('node-specific findings', () => {
    const f = validatePolicy(rows.find((r) => r.code === 'port.notFound')?.policy ?? ifaces(), ctx);
    assert.equal(getFindingsForNode(f, WORKER_3).length, 1);
    assert.equal(getFindingsForNode(f, WORKER_1).length, 0);
  });
});

const codes = (p: NodeNetworkConfigurationPolicy, c: Partial<PolicyValidationContext> = {}) =>
  validatePolicy(p, { ...ctx, ...c }).map((f) => f.code);
const errorCodes = (p: NodeNetworkConfigurationPolicy, c: Partial<PolicyValidationContext> = {}) =>
  validatePolicy(p, { ...ctx, ...c })
    .filter((f) => f.severity === 'error')
    .map((f) => f.code);

/** Cluster fixtures where worker-1 and worker-2 already have bond0, ens4.20 and mv0; worker-3 has none. */
const withExisting = (): PolicyValidationContext => {
  const extra: NetworkInterface[] = [
    {
      name: 'bond0',
      type: 'bond',
      state: 'up',
      mtu: 1500,
      'link-aggregation': { mode: 'active-backup', port: ['ens5'] },
    },
    {
      name: 'ens4.20',
      type: 'vlan',
      state: 'up',
      mtu: 1500,
      vlan: { 'base-iface': 'ens4', id: 20 },
    },
    {
      name: 'mv0',
      type: 'mac-vlan',
      state: 'up',
      'mac-vlan': { 'base-iface': 'ens4', mode: 'bridge' },
    },
  ];
  return {
    nodes: clusterNodes,
    nodeNetworkStates: clusterNodeStates.map((nns) =>
      nns.metadata.name === WORKER_3
        ? nns
        : {
            ...nns,
            status: {
              ...nns.status,
              currentState: makeNodeState(nns.metadata.name === WORKER_1 ? 1 : 2, {
                extraInterfaces: extra,
              }),
            },
          },
    ),
  };
};
const ONLY_WORKER_1 = { nodeSelector: { 'topology.kubernetes.io/zone': 'a' } };

void describe('validatePolicy agrees with nmstate: partial edits of existing interfaces', () => {
  // nmstate rust/src/lib/ifaces/bond.rs `validate_new_iface_with_no_mode`: mode only for new bonds.
  void it('a bond MTU change without mode or ports is valid where the bond exists', () => {
    const p = ifaces({ name: 'bond0', type: 'bond', state: 'up', mtu: 9000 });
    const f = validatePolicy(
      { ...p, spec: { ...p.spec, nodeSelector: { 'kubernetes.io/hostname': WORKER_1 } } },
      withExisting(),
    );
    assert.deepEqual(
      f.filter((x) => x.code.startsWith('bond.')),
      [],
    );
  });
  void it('the same edit is refused for the nodes where the bond would be new', () => {
    const f = validatePolicy(
      ifaces({ name: 'bond0', type: 'bond', state: 'up', mtu: 9000 }),
      withExisting(),
    ).find((x) => x.code === 'bond.mode.required');
    assert.equal(f?.severity, 'error');
    assert.deepEqual(f.nodes, [WORKER_3]);
    assert.equal(f.params?.name, 'bond0');
  });
  void it('a current-interface list in the context stands in for NodeNetworkStates', () => {
    const p = ifaces({ name: 'bond0', type: 'bond', state: 'up', mtu: 9000 });
    const everywhere = Object.fromEntries(
      [WORKER_1, WORKER_2, WORKER_3].map((n) => [n, [{ name: 'bond0', type: 'bond' }]]),
    );
    assert.equal(codes(p, { currentInterfaces: everywhere }).includes('bond.mode.required'), false);
    const nowhere = Object.fromEntries([WORKER_1, WORKER_2, WORKER_3].map((n) => [n, []]));
    assert.equal(codes(p, { currentInterfaces: nowhere }).includes('bond.mode.required'), true);
  });
  void it('an existing interface of another type does not count', () => {
    const p = ifaces({ name: 'ens4', type: 'bond', state: 'up', mtu: 9000 });
    assert.equal(codes(p).includes('bond.mode.required'), true);
  });
  // ifaces/vlan.rs `sanitize` runs after `post_inter_ifaces_process_vlan` took the current base.
  void it('a VLAN MTU change without its vlan section is valid where the VLAN exists', () => {
    const p = policy(
      { interfaces: [{ name: 'ens4.20', type: 'vlan', state: 'up', mtu: 1400 }] },
      ONLY_WORKER_1,
    );
    const c = withExisting();
    assert.deepEqual(errorCodes(p, c), []);
    const withId = policy(
      { interfaces: [{ name: 'ens4.20', type: 'vlan', state: 'up', vlan: { id: 20 } }] },
      ONLY_WORKER_1,
    );
    assert.deepEqual(errorCodes(withId, c), []);
  });
  void it('a new VLAN still needs base-iface and id', () => {
    const c = codes(
      ifaces({ name: 'ens4.30', type: 'vlan', state: 'up', mtu: 1400 }),
      withExisting(),
    );
    assert.ok(c.includes('vlan.baseIface.required'));
    assert.ok(c.includes('vlan.id.invalid'));
  });
  void it('an existing MAC-VLAN may leave its section out, but a given section needs mode', () => {
    const c = withExisting();
    assert.deepEqual(
      errorCodes(
        policy(
          { interfaces: [{ name: 'mv0', type: 'mac-vlan', state: 'up', mtu: 1400 }] },
          ONLY_WORKER_1,
        ),
        c,
      ),
      [],
    );
    const partial = policy(
      {
        interfaces: [
          {
            name: 'mv0',
            type: 'mac-vlan',
            state: 'up',
            'mac-vlan': { 'base-iface': 'ens4' },
          },
        ],
      },
      ONLY_WORKER_1,
    );
    assert.deepEqual(errorCodes(partial, c), ['macvlan.mode.required']);
  });
  void it('a bond that does not restate its ports keeps them; a new one without ports is a warning', () => {
    const existingBond = policy(
      {
        interfaces: [
          {
            name: 'bond0',
            type: 'bond',
            state: 'up',
            'link-aggregation': { mode: 'active-backup' },
          },
        ],
      },
      ONLY_WORKER_1,
    );
    assert.equal(codes(existingBond, withExisting()).includes('bond.ports.empty'), false);
    const fresh = ifaces({
      name: 'bond9',
      type: 'bond',
      state: 'up',
      'link-aggregation': { mode: 'active-backup' },
    });
    assert.equal(
      validatePolicy(fresh, ctx).find((f) => f.code === 'bond.ports.empty')?.severity,
      'warning',
    );
  });
});

void describe('validatePolicy agrees with nmstate: values nmstate takes', () => {
  // ifaces/bond.rs `BondMode`, read through deserializer.rs `NumberAsString`: 0-6 name the modes.
  void it('bond modes given as 0-6', () => {
    for (const mode of [0, 1, 4, 6, '5']) {
      const p = ifaces({
        name: 'bond0',
        type: 'bond',
        state: 'up',
        'link-aggregation': { mode: mode as string, port: ['ens4'] },
      });
      assert.equal(codes(p).includes('bond.mode.invalid'), false, String(mode));
    }
    const seven = ifaces({
      name: 'bond0',
      type: 'bond',
      state: 'up',
      'link-aggregation': { mode: 7 as unknown as string, port: ['ens4'] },
    });
    assert.ok(codes(seven).includes('bond.mode.invalid'));
  });
  // bond.rs `BondConfig.port`, linux_bridge.rs `LinuxBridgeConfig.port`: alias `ports`.
  void it('`ports` is read as `port` for bonds and linux bridges', () => {
    const bond = ifaces({
      name: 'bond0',
      type: 'bond',
      state: 'up',
      'link-aggregation': { mode: 'active-backup', ports: ['ens4', 'ens5'] },
    });
    const f = validatePolicy(bond, ctx);
    assert.equal(
      f.some((x) => x.code === 'bond.ports.empty' || x.code.startsWith('nmstate.')),
      false,
    );
    // ens5 is missing on worker-3: the port check sees the aliased list.
    assert.deepEqual(f.find((x) => x.code === 'port.notFound')?.params?.port, 'ens5');
    const bridge = ifaces(
      {
        name: 'br1',
        type: 'linux-bridge',
        state: 'up',
        bridge: { ports: [{ name: 'ens4' }] },
      },
      { name: 'br2', type: 'linux-bridge', state: 'up', bridge: { port: [{ name: 'ens4' }] } },
    );
    assert.ok(codes(bridge).includes('port.multipleControllers'));
    assert.equal(
      codes(bridge).some((c) => c.startsWith('nmstate.')),
      false,
    );
  });
  // route.rs `Routes::validate`, `RouteEntry::USE_DEFAULT_METRIC`.
  void it('blackhole, unreachable and prohibit routes need no next hop; metric -1 is the default', () => {
    for (const type of ['blackhole', 'unreachable', 'prohibit']) {
      const p = policy({
        routes: { config: [{ destination: '198.51.100.0/24', 'route-type': type }] },
      });
      assert.deepEqual(errorCodes(p), [], type);
    }
    const lo = policy({
      routes: {
        config: [
          { destination: '198.51.100.0/24', 'route-type': 'prohibit', 'next-hop-interface': 'lo' },
        ],
      },
    });
    assert.deepEqual(errorCodes(lo), []);
    const metric = policy({
      routes: {
        config: [{ destination: '10.1.0.0/16', 'next-hop-interface': 'ens4', metric: -1 }],
      },
    });
    assert.deepEqual(errorCodes(metric), []);
  });
  void it('the same address on every node is only a warning on a port-less linux bridge', () => {
    const addr = { enabled: true, address: [{ ip: '10.99.0.1', 'prefix-length': 24 }] };
    const isolated = ifaces({
      name: 'br9',
      type: 'linux-bridge',
      state: 'up',
      bridge: { port: [] },
      ipv4: addr,
    });
    const f = validatePolicy(isolated, ctx).find((x) =>
      x.code.startsWith('ip.address.duplicateAcross'),
    );
    assert.equal(f?.severity, 'warning');
    const bridged = ifaces({
      name: 'br9',
      type: 'linux-bridge',
      state: 'up',
      bridge: { port: [{ name: 'ens4' }] },
      ipv4: addr,
    });
    assert.ok(errorCodes(bridged).includes('ip.address.duplicateAcrossNodes'));
  });
  void it('an empty trunk-tags list passes, as bridge_vlan.rs checks only for none', () => {
    const p = ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: { port: [{ name: 'ens4', vlan: { mode: 'trunk', 'trunk-tags': [] } }] },
    });
    assert.deepEqual(errorCodes(p), []);
  });
  void it('a native trunk tag with enable-native passes', () => {
    const p = ifaces({
      name: 'br1',
      type: 'linux-bridge',
      state: 'up',
      bridge: {
        port: [
          {
            name: 'ens4',
            vlan: { mode: 'trunk', tag: 5, 'enable-native': true, 'trunk-tags': [{ id: 6 }] },
          },
        ],
      },
    });
    assert.deepEqual(errorCodes(p), []);
  });
  void it('an absent team interface can still be removed', () => {
    assert.deepEqual(errorCodes(ifaces({ name: 'team0', type: 'team', state: 'absent' })), []);
  });
});

void describe('validatePolicy agrees with nmstate: names and keys', () => {
  void it('a policy name is a lowercase RFC 1123 subdomain', () => {
    for (const bad of ['My_Policy', 'Policy', 'a_b', 'a..b', 'x.'])
      assert.ok(
        codes(policy({ interfaces: [eth('ens4')] }, {}, bad)).includes('policy.name.invalid'),
        bad,
      );
    for (const good of ['my-policy', 'a.b-c', '0abc'])
      assert.equal(
        codes(policy({ interfaces: [eth('ens4')] }, {}, good)).includes('policy.name.invalid'),
        false,
        good,
      );
  });
  void it('unknown keys are errors at their own path, with a near name suggested', () => {
    const p = policy({
      interfaces: [
        {
          name: 'ens4.10',
          type: 'vlan',
          state: 'up',
          vlan: { 'base-ifac': 'ens4', id: 10 },
        },
      ],
      routes: { config: [{ destination: '10.0.0.0/8', 'next-hop-interface': 'ens4', metirc: 5 }] },
    });
    const f = validatePolicy(p, ctx).filter((x) => x.code.startsWith('nmstate.'));
    assert.deepEqual(
      f.map((x) => [x.path, x.params?.suggestion]),
      [
        ['spec.desiredState.interfaces[0].vlan.base-ifac', 'base-iface'],
        ['spec.desiredState.routes.config[0].metirc', 'metric'],
      ],
    );
  });
  void it('keys of an unknown interface type and of an absent interface are not checked', () => {
    // iface.rs: an `UnknownInterface` reads only name and state; an absent one keeps name/type/state.
    const p = ifaces(
      { name: 'tun0', type: 'tun', state: 'up', whatever: 1 },
      { name: 'ens4', type: 'ethernet', state: 'absent', whatever: 1 },
    );
    assert.equal(
      codes(p).some((c) => c.startsWith('nmstate.')),
      false,
    );
  });
});
