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
  {
    code: 'bond.ports.empty',
    severity: 'error',
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
  {
    code: 'route.nextHop.required',
    severity: 'error',
    policy: policy({ routes: { config: [{ destination: '10.1.0.0/16' }] } }),
  },
  {
    code: 'route.metric.invalid',
    severity: 'error',
    policy: policy({
      routes: {
        config: [{ destination: '10.1.0.0/16', 'next-hop-interface': 'ens4', metric: -1 }],
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
      // route/static-ip pin one node; unknown-keys adds a default route (danger, not error).
      assert.deepEqual(errors, []);
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
