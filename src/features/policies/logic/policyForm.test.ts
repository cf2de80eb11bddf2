import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import {
  applyPolicyFormValues,
  createEmptyPolicy,
  newInterfaceFormValues,
  newRouteFormValues,
  splitCidrAddress,
  toPolicyFormValues,
  withInterfaceType,
  withPortVlanMode,
} from './policyForm';
import { validatePolicy } from './validatePolicy';
import {
  FORM_INTERFACE_TYPES,
  type InterfaceFormValues,
  type PolicyFormValues,
  type PortVlanFormValues,
} from '../model/policyForm';
import {
  REPRESENTABLE_POLICIES,
  UNREPRESENTABLE_POLICIES,
  linuxBridgeVlanPolicy,
  unknownKeysPolicy,
  bondVlanPolicy,
} from '../__fixtures__/policyFixtures';

const valuesOf = (p: NodeNetworkConfigurationPolicy): PolicyFormValues => {
  const r = toPolicyFormValues(p);
  assert.ok(r.ok, `not representable: ${JSON.stringify(r)}`);
  return r.values;
};

/**
 * Positions change when entries are removed; everything else must come back identical. The JSON
 * pass drops the null prototypes fast-check gives its records.
 */
const strip = (v: PolicyFormValues): unknown =>
  JSON.parse(
    JSON.stringify({
      ...v,
      interfaces: v.interfaces.map((i) => ({ ...i, sourceIndex: null })),
      preservedInterfaces: v.preservedInterfaces.map((p) => ({ ...p, sourceIndex: 0 })),
      routes: v.routes.map((r) => ({ ...r, sourceIndex: null })),
    }),
  ) as unknown;

void describe('toPolicyFormValues / applyPolicyFormValues round trip', () => {
  for (const [name, p] of Object.entries(REPRESENTABLE_POLICIES)) {
    void it(`${name}: apply(p, to(p)) deep-equals p, key order included`, () => {
      const out = applyPolicyFormValues(p, valuesOf(p));
      assert.deepEqual(out, p);
      assert.equal(JSON.stringify(out), JSON.stringify(p));
      assert.notEqual(out, p);
    });
  }
  for (const [name, p] of Object.entries(UNREPRESENTABLE_POLICIES)) {
    void it(`${name}: refuses with a reason and a path`, () => {
      const r = toPolicyFormValues(p);
      assert.equal(r.ok, false);
      assert.equal(r.reason, 'form.templatedValue');
      assert.match(r.params.path, /^spec\.desiredState\.interfaces/);
      assert.deepEqual(applyPolicyFormValues(p, valuesOf(REPRESENTABLE_POLICIES.dhcp ?? p)), p);
    });
  }
  void it('reports unsupported shapes and non-policies', () => {
    const odd = structuredClone(bondVlanPolicy);
    const bond = odd.spec.desiredState?.interfaces?.[0];
    assert.ok(bond?.['link-aggregation']);
    bond['link-aggregation'].port = [{ name: 'ens5' }] as unknown as string[];
    assert.deepEqual(toPolicyFormValues(odd), {
      ok: false,
      reason: 'form.unsupportedValue',
      params: { path: 'spec.desiredState.interfaces[0].link-aggregation.port[0]' },
    });
    assert.equal(
      toPolicyFormValues({ metadata: { name: 'x' } } as NodeNetworkConfigurationPolicy).ok,
      false,
    );
  });
  void it('reads the linux bridge trunk exactly', () => {
    const lb = valuesOf(linuxBridgeVlanPolicy).interfaces[0];
    assert.equal(lb?.type, 'linux-bridge');
    assert.equal(lb.linuxBridge.stpEnabled, false);
    assert.deepEqual(
      lb.linuxBridge.ports.map((p) => p.name),
      ['ens4', 'ens5'],
    );
    assert.deepEqual(lb.linuxBridge.ports[0]?.vlan, {
      mode: 'trunk',
      tag: 100,
      enableNative: true,
      trunkTags: [
        { kind: 'id', id: 101 },
        { kind: 'range', min: 200, max: 500 },
      ],
    });
  });
  void it('keeps unknown keys and unmodelled interfaces through an edit', () => {
    const values = valuesOf(unknownKeysPolicy);
    assert.deepEqual(values.preservedInterfaces, [
      { sourceIndex: 0, name: 'hsr0', type: 'hsr', state: 'up' },
    ]);
    const ens4 = values.interfaces[0];
    assert.ok(ens4);
    ens4.mtu = 9000;
    ens4.ipv4.dhcp = false;
    ens4.ipv4.addresses = [{ ip: '192.0.2.10', prefixLength: 24 }];
    values.routes.push({
      ...newRouteFormValues(),
      destination: '10.9.0.0/16',
      nextHopInterface: 'ens4',
    });
    const out = applyPolicyFormValues(unknownKeysPolicy, values);
    const expected = structuredClone(unknownKeysPolicy);
    const ds = expected.spec.desiredState;
    assert.ok(ds?.interfaces?.[1]?.ipv4 && ds.routes?.config);
    ds.interfaces[1].mtu = 9000;
    ds.interfaces[1].ipv4.dhcp = false;
    ds.interfaces[1].ipv4.address = [{ ip: '192.0.2.10', 'prefix-length': 24 }];
    ds.routes.config.push({ destination: '10.9.0.0/16', 'next-hop-interface': 'ens4' });
    assert.deepEqual(out, expected);
  });
  void it('keeps the scalar type of bond options', () => {
    const values = valuesOf(bondVlanPolicy);
    const bond = values.interfaces[0];
    assert.ok(bond?.type === 'bond');
    bond.bond.options = bond.bond.options.map((r) =>
      r.key === 'miimon' ? { ...r, value: '200' } : r,
    );
    const out = applyPolicyFormValues(bondVlanPolicy, values);
    assert.deepEqual(out.spec.desiredState?.interfaces?.[0]?.['link-aggregation']?.options, {
      miimon: 200,
      lacp_rate: 'fast',
      xmit_hash_policy: 'layer3+4',
    });
  });
  void it('changing the type drops the old type block', () => {
    const values = valuesOf(bondVlanPolicy);
    const vlan = values.interfaces[1];
    assert.ok(vlan);
    values.interfaces[1] = {
      ...newInterfaceFormValues('mac-vlan', vlan.name),
      sourceIndex: vlan.sourceIndex,
      macVlan: { baseIface: 'bond1', mode: 'bridge' },
    } as InterfaceFormValues;
    const out = applyPolicyFormValues(bondVlanPolicy, values);
    const iface = out.spec.desiredState?.interfaces?.[1];
    assert.equal(iface?.type, 'mac-vlan');
    assert.equal(iface.vlan, undefined);
    assert.deepEqual(iface['mac-vlan'], { 'base-iface': 'bond1', mode: 'bridge' });
  });
  void it('builds a new policy from an empty one', () => {
    const empty = createEmptyPolicy();
    const values = valuesOf(empty);
    values.name = 'new-bond';
    values.nodeSelector = [{ key: 'node-role.kubernetes.io/worker', value: '' }];
    values.maxUnavailable = '1';
    const bond = newInterfaceFormValues('bond', 'bond0');
    assert.ok(bond.type === 'bond');
    bond.bond = {
      mode: 'active-backup',
      options: [{ key: 'miimon', value: '100' }],
      ports: ['ens4', 'ens5'],
    };
    values.interfaces.push(bond);
    values.dns = { servers: ['192.0.2.53'], search: [] };
    const out = applyPolicyFormValues(empty, values);
    assert.deepEqual(out, {
      apiVersion: 'nmstate.io/v1',
      kind: 'NodeNetworkConfigurationPolicy',
      metadata: { name: 'new-bond' },
      spec: {
        desiredState: {
          interfaces: [
            {
              name: 'bond0',
              type: 'bond',
              state: 'up',
              ipv4: { enabled: false },
              ipv6: { enabled: false },
              'link-aggregation': {
                mode: 'active-backup',
                options: { miimon: '100' },
                port: ['ens4', 'ens5'],
              },
            },
          ],
          'dns-resolver': { config: { server: ['192.0.2.53'] } },
        },
        nodeSelector: { 'node-role.kubernetes.io/worker': '' },
        maxUnavailable: 1,
      },
    });
  });
  void it('newInterfaceFormValues covers every form type', () => {
    for (const t of FORM_INTERFACE_TYPES) assert.equal(newInterfaceFormValues(t, 'x').type, t);
  });
});

// ---------------------------------------------------------------------------------------------
// Random edits: edit → apply → to gives the edited values back.

const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
const uniqueWords = (max: number): fc.Arbitrary<string[]> =>
  fc.uniqueArray(word, { maxLength: max });
const nullableInt = (min: number, max: number): fc.Arbitrary<number | null> =>
  fc.option(fc.integer({ min, max }), { nil: null });
const portVlan: fc.Arbitrary<PortVlanFormValues | null> = fc.option(
  fc.record({
    mode: fc.constantFrom('access' as const, 'trunk' as const),
    tag: nullableInt(1, 4094),
    enableNative: fc.option(fc.boolean(), { nil: null }),
    trunkTags: fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('id' as const), id: fc.integer({ min: 1, max: 4094 }) }),
        fc.record({
          kind: fc.constant('range' as const),
          min: fc.integer({ min: 1, max: 100 }),
          max: fc.integer({ min: 101, max: 4094 }),
        }),
      ),
      { maxLength: 3 },
    ),
  }),
  { nil: null },
);
const ipEdit = (v6: boolean) =>
  fc.record({
    enabled: fc.option(fc.boolean(), { nil: null }),
    dhcp: fc.boolean(),
    autoconf: v6 ? fc.boolean() : fc.constant(false),
    autoDns: fc.option(fc.boolean(), { nil: null }),
    auto: fc.record({
      autoRoutes: fc.option(fc.boolean(), { nil: null }),
      autoGateway: fc.option(fc.boolean(), { nil: null }),
      autoRouteTableId: nullableInt(0, 300),
      dhcpClientId: v6 ? fc.constant('') : fc.constantFrom('', 'll', 'iaid+duid'),
      addrGenMode: v6 ? fc.constantFrom('', 'eui64', 'stable-privacy') : fc.constant(''),
    }),
    addresses: fc.array(fc.record({ ip: fc.ipV4(), prefixLength: nullableInt(0, 32) }), {
      maxLength: 3,
    }),
  });

type Edit = (v: PolicyFormValues) => void;

const interfaceEdit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ i: fc.nat(), mtu: nullableInt(68, 9216) }).map(({ i, mtu }): Edit => (v) => {
    const t = v.interfaces[i % Math.max(1, v.interfaces.length)];
    if (t) t.mtu = mtu;
  }),
  fc
    .record({
      i: fc.nat(),
      ip4: ipEdit(false),
      ip6: ipEdit(true),
      state: fc.constantFrom('up' as const, 'down' as const, 'absent' as const),
      d: fc.oneof(fc.constant(''), word),
    })
    .map(({ i, ip4, ip6, state, d }): Edit => (v) => {
      const t = v.interfaces[i % Math.max(1, v.interfaces.length)];
      if (!t) return;
      t.ipv4 = ip4;
      t.ipv6 = ip6;
      t.state = state;
      t.description = d;
    }),
  fc
    .record({
      i: fc.nat(),
      mode: fc.constantFrom('active-backup', '802.3ad', ''),
      opts: uniqueWords(3),
      ports: uniqueWords(3),
      stp: fc.option(fc.boolean(), { nil: null }),
      vlans: fc.array(portVlan, { maxLength: 3 }),
      id: nullableInt(1, 4094),
      base: word,
      bonded: fc.boolean(),
    })
    .map(({ i, mode, opts, ports, stp, vlans, id, base, bonded }): Edit => (v) => {
      const t = v.interfaces[i % Math.max(1, v.interfaces.length)];
      if (!t) return;
      if (t.type === 'bond')
        t.bond = { mode, options: opts.map((k, n) => ({ key: k, value: String(n) })), ports };
      if (t.type === 'linux-bridge')
        t.linuxBridge = {
          stpEnabled: stp,
          ports: ports.map((name, n) => ({ name, vlan: vlans[n] ?? null })),
        };
      if (t.type === 'ovs-bridge')
        t.ovsBridge = {
          stpEnabled: stp,
          ports: ports.map((name, n) => ({
            name,
            vlan: vlans[n] ?? null,
            bond: bonded && n === 0 ? { mode, ports: opts } : null,
          })),
        };
      if (t.type === 'vlan') t.vlan = { baseIface: base, id };
      if (t.type === 'mac-vlan') t.macVlan = { baseIface: base, mode };
    }),
  fc
    .record({ type: fc.constantFrom(...FORM_INTERFACE_TYPES), name: word })
    .map(({ type, name }): Edit => (v) => {
      v.interfaces.push(newInterfaceFormValues(type, name));
    }),
  fc
    .record({ i: fc.nat(), type: fc.constantFrom(...FORM_INTERFACE_TYPES) })
    .map(({ i, type }): Edit => (v) => {
      const at = i % Math.max(1, v.interfaces.length);
      const t = v.interfaces[at];
      if (t)
        v.interfaces[at] = { ...newInterfaceFormValues(type, t.name), sourceIndex: t.sourceIndex };
    }),
  fc.nat().map((i): Edit => (v) => {
    v.interfaces.splice(i % Math.max(1, v.interfaces.length), 1);
  }),
);

const policyEdit: fc.Arbitrary<Edit> = fc.oneof(
  interfaceEdit,
  fc
    .record({
      name: word,
      d: fc.oneof(fc.constant(''), fc.string()),
      mu: fc.constantFrom('', '1', '3', '25%'),
      sel: uniqueWords(3),
    })
    .map(({ name, d, mu, sel }): Edit => (v) => {
      v.name = name;
      v.description = d;
      v.maxUnavailable = mu;
      v.nodeSelector = sel.map((k) => ({ key: `example.com/${k}`, value: '' }));
    }),
  fc
    .record({
      servers: fc.array(fc.ipV4(), { maxLength: 3 }),
      search: uniqueWords(2),
      caps: uniqueWords(2),
    })
    .map(({ servers, search, caps }): Edit => (v) => {
      v.dns = { servers, search: search.map((s) => `${s}.example.com`) };
      v.captures = caps.map((name) => ({ name, expression: `interfaces.name=="${name}"` }));
    }),
  fc
    .record({
      i: fc.nat(),
      dest: fc.ipV4(),
      metric: nullableInt(0, 1000),
      table: nullableInt(0, 300),
      absent: fc.boolean(),
      remove: fc.boolean(),
      add: fc.boolean(),
    })
    .map(({ i, dest, metric, table, absent, remove, add }): Edit => (v) => {
      if (add)
        v.routes.push({
          ...newRouteFormValues(),
          destination: `${dest}/32`,
          nextHopInterface: 'ens4',
        });
      const at = i % Math.max(1, v.routes.length);
      const r = v.routes[at];
      if (!r) return;
      if (remove) v.routes.splice(at, 1);
      else Object.assign(r, { metric, tableId: table, absent });
    }),
);

void describe('random form edits', () => {
  void it('edit → apply → to returns the edited values, for every fixture', () => {
    const fixtures = Object.values(REPRESENTABLE_POLICIES);
    fc.assert(
      fc.property(
        fc.constantFrom(...fixtures),
        fc.array(policyEdit, { minLength: 1, maxLength: 6 }),
        (p, edits) => {
          const values = structuredClone(valuesOf(p));
          for (const e of edits) e(values);
          const applied = applyPolicyFormValues(p, values);
          assert.deepEqual(strip(valuesOf(applied)), strip(values));
          // Applying again is a no-op: the written object is a fixed point.
          assert.deepEqual(applyPolicyFormValues(applied, valuesOf(applied)), applied);
          // Keys the form does not model are never touched.
          assert.deepEqual(applied.spec['x-future-field'], p.spec['x-future-field']);
          assert.deepEqual(
            applied.spec.desiredState?.['route-rules'],
            p.spec.desiredState?.['route-rules'],
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

void describe('changing an interface type in the form', () => {
  const withExtra = structuredClone(bondVlanPolicy);
  const bond = withExtra.spec.desiredState?.interfaces?.[0] as Record<string, unknown>;
  bond['x-keep'] = 'kept';
  const ifaceOf = (p: NodeNetworkConfigurationPolicy, i: number) =>
    p.spec.desiredState?.interfaces?.[i] as Record<string, unknown>;

  void it('keeps name, state, MTU, IP and unknown keys, and drops the old type section', () => {
    const values = valuesOf(withExtra);
    const before = values.interfaces[0] as InterfaceFormValues;
    const bridge = withInterfaceType(before, 'linux-bridge');
    assert.equal(bridge.type, 'linux-bridge');
    values.interfaces[0] = bridge;
    const out = ifaceOf(applyPolicyFormValues(withExtra, values), 0);
    assert.equal(out.type, 'linux-bridge');
    assert.equal(out['link-aggregation'], undefined);
    assert.equal(out.name, 'bond1');
    assert.equal(out.mtu, 9000);
    assert.deepEqual(out.ipv4, { enabled: false });
    assert.equal(out['x-keep'], 'kept');
    // The other interface is untouched.
    assert.deepEqual(ifaceOf(applyPolicyFormValues(withExtra, values), 1), ifaceOf(withExtra, 1));
  });

  void it('switching back with the stashed values writes the original object again', () => {
    const values = valuesOf(withExtra);
    const original = values.interfaces[0] as InterfaceFormValues;
    const asVlan = withInterfaceType(original, 'vlan');
    values.interfaces[0] = withInterfaceType(asVlan, 'bond', original);
    assert.deepEqual(applyPolicyFormValues(withExtra, values), withExtra);
  });

  void it('never takes another interface’s stashed settings', () => {
    const values = valuesOf(withExtra);
    const bond1 = values.interfaces[0] as InterfaceFormValues;
    const vlan = values.interfaces[1] as InterfaceFormValues;
    const asBond = withInterfaceType(vlan, 'bond', bond1);
    assert.ok(asBond.type === 'bond');
    assert.deepEqual(asBond.bond.ports, []);
    assert.equal(asBond.name, 'bond1.210');
  });
});

void describe('form edits nmstate accepts', () => {
  // ip.rs `InterfaceIpAddr`: an address is `ip` plus `prefix-length`, never a CIDR string.
  void it('splits a CIDR typed into the address field', () => {
    assert.deepEqual(splitCidrAddress({ ip: '10.0.0.5/24', prefixLength: null }), {
      ip: '10.0.0.5',
      prefixLength: 24,
    });
    assert.deepEqual(splitCidrAddress({ ip: ' 2001:db8::5/64 ', prefixLength: 48 }), {
      ip: '2001:db8::5',
      prefixLength: 64,
    });
    for (const kept of ['10.0.0.5/33', '10.0.0.300/24', '10.0.0.5', 'fe80::1/129', '10.0.0.5/'])
      assert.deepEqual(splitCidrAddress({ ip: kept, prefixLength: null }), {
        ip: kept,
        prefixLength: null,
      });
  });
  void it('writes a CIDR left in the address field as ip and prefix-length', () => {
    const original = createEmptyPolicy('p');
    const values = valuesOf(original);
    const iface = newInterfaceFormValues('ethernet', 'ens4');
    iface.ipv4 = {
      ...iface.ipv4,
      enabled: true,
      addresses: [{ ip: '10.0.0.5/24', prefixLength: null }],
    };
    const out = applyPolicyFormValues(original, { ...values, interfaces: [iface] });
    assert.deepEqual(out.spec.desiredState?.interfaces?.[0]?.ipv4?.address, [
      { ip: '10.0.0.5', 'prefix-length': 24 },
    ]);
  });
  // ifaces/bridge_vlan.rs `sanitize`: no trunk keys on an access port, no trunk tag without native.
  void it('switching a port from trunk to access removes the trunk keys', () => {
    const values = valuesOf(linuxBridgeVlanPolicy);
    const lb = values.interfaces[0];
    assert.ok(lb?.type === 'linux-bridge');
    const ports = lb.linuxBridge.ports.map((p, i) =>
      i === 0 ? { ...p, vlan: withPortVlanMode(p.vlan, 'access') } : p,
    );
    const out = applyPolicyFormValues(linuxBridgeVlanPolicy, {
      ...values,
      interfaces: [{ ...lb, linuxBridge: { ...lb.linuxBridge, ports } }],
    });
    assert.deepEqual(out.spec.desiredState?.interfaces?.[0]?.bridge?.port?.[0]?.vlan, {
      mode: 'access',
      tag: 100,
    });
    assert.deepEqual(
      validatePolicy(out, { nodes: [], nodeNetworkStates: [] })
        .filter((f) => f.code.startsWith('bridge.port.vlan'))
        .map((f) => f.code),
      [],
    );
  });
  void it('switching access to trunk makes the access tag the native VLAN', () => {
    const access: PortVlanFormValues = {
      mode: 'access',
      tag: 300,
      enableNative: null,
      trunkTags: [],
    };
    assert.deepEqual(withPortVlanMode(access, 'trunk'), {
      mode: 'trunk',
      tag: 300,
      enableNative: true,
      trunkTags: [],
    });
    const trunk: PortVlanFormValues = {
      mode: 'trunk',
      tag: null,
      enableNative: null,
      trunkTags: [{ kind: 'id', id: 5 }],
    };
    assert.equal(withPortVlanMode(trunk, 'trunk'), trunk);
    assert.equal(withPortVlanMode(trunk, 'none'), null);
  });
  // ifaces/mac_vlan.rs `MacVlanConfig`: mode has no default, so a new MAC-VLAN must pick one.
  void it('a new MAC-VLAN left without a mode is refused, not written without one silently', () => {
    const original = createEmptyPolicy('p');
    const mv = newInterfaceFormValues('mac-vlan', 'mv0');
    assert.ok(mv.type === 'mac-vlan');
    const out = applyPolicyFormValues(original, {
      ...valuesOf(original),
      interfaces: [{ ...mv, macVlan: { baseIface: 'ens4', mode: '' } }],
    });
    const codes = validatePolicy(out, { nodes: [], nodeNetworkStates: [] }).map((f) => f.code);
    assert.ok(codes.includes('macvlan.mode.required'));
  });
});

void describe('port lists written as `ports` (serde alias of `port`)', () => {
  // bond.rs `BondConfig.port` and linux_bridge.rs `LinuxBridgeConfig.port` take `ports` too.
  const aliased: NodeNetworkConfigurationPolicy = {
    ...createEmptyPolicy('p'),
    spec: {
      desiredState: {
        interfaces: [
          {
            name: 'bond0',
            type: 'bond',
            state: 'up',
            'link-aggregation': { ports: ['ens4'], mode: 'active-backup' },
          },
          {
            name: 'br0',
            type: 'linux-bridge',
            state: 'up',
            bridge: { ports: [{ name: 'bond0' }] },
          },
        ],
      },
    },
  };
  void it('the form shows them and writes them back as `port`, in the alias place', () => {
    const values = valuesOf(aliased);
    const [bond, br] = values.interfaces;
    assert.ok(bond?.type === 'bond' && br?.type === 'linux-bridge');
    assert.deepEqual(bond.bond.ports, ['ens4']);
    assert.deepEqual(
      br.linuxBridge.ports.map((p) => p.name),
      ['bond0'],
    );
    assert.deepEqual(applyPolicyFormValues(aliased, values), aliased);
    const out = applyPolicyFormValues(aliased, {
      ...values,
      interfaces: [
        { ...bond, bond: { ...bond.bond, ports: ['ens4', 'ens5'] } },
        { ...br, linuxBridge: { ...br.linuxBridge, ports: [] } },
      ],
    });
    const [ob, obr] = out.spec.desiredState?.interfaces ?? [];
    assert.deepEqual(Object.entries(ob?.['link-aggregation'] ?? {}), [
      ['port', ['ens4', 'ens5']],
      ['mode', 'active-backup'],
    ]);
    assert.deepEqual(obr?.bridge, { port: [] });
  });
});
