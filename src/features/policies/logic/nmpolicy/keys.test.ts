import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalizeDesiredState, findUnknownKeys } from './keys';
import { deserializeNetworkState } from './deserialize';
import type { JsonValue } from './types';

void describe('nmpolicy keys: unknown fields (nmstate rust/src/lib deny_unknown_fields)', () => {
  void it('finds every unknown key with its path and the names nmstate expects there', () => {
    const state: JsonValue = {
      interfacez: [],
      interfaces: [
        { name: 'br1', type: 'linux-bridge', bridge: { options: { stpp: {} }, port: [] } },
        { name: 'ens4', type: 'ethernet', ipv4: { enabled: true, adress: [] } },
      ],
      routes: { config: [{ destination: '10.0.0.0/8', 'next-hop-iface': 'ens4' }] },
    };
    const found = findUnknownKeys(state);
    assert.deepEqual(
      found.map((u) => u.path.join('/')),
      [
        'interfacez',
        'interfaces/0/bridge/options/stpp',
        'interfaces/1/ipv4/adress',
        'routes/config/0/next-hop-iface',
      ],
    );
    assert.ok(found[2]?.expected.includes('address'));
    // The first one is what serde reports too: the same table drives both.
    const serde = deserializeNetworkState({ interfacez: [] });
    if (serde.ok) assert.fail('the strict deserializer accepted an unknown field');
    assert.match(serde.msg, /unknown field `interfacez`/);
  });
  void it('accepts aliases and keys of flattened BaseInterface; skips unknown types and absent ones', () => {
    const state: JsonValue = {
      interfaces: [
        { name: 'bond0', type: 'bond', mtu: 9000, 'link-aggregation': { ports: ['a'] } },
        { name: 't', type: 'team', anything: 1 },
        { name: 'x', type: 'ethernet', state: 'absent', anything: 1 },
        {
          name: 'br0',
          type: 'linux-bridge',
          bridge: {
            port: [
              {
                name: 'a',
                vlan: { mode: 'trunk', 'trunk-tags': [{ 'id-range': { min: 1, maxx: 2 } }] },
              },
            ],
          },
        },
      ],
    };
    assert.deepEqual(
      findUnknownKeys(state).map((u) => u.path.join('/')),
      ['interfaces/3/bridge/port/0/vlan/trunk-tags/0/id-range/maxx'],
    );
  });
});

void describe('nmpolicy keys: canonical names (serde aliases, NumberAsString)', () => {
  void it('renames ports to port in place and bond mode numbers to names, leaving the input alone', () => {
    const input = {
      interfaces: [
        {
          name: 'bond0',
          type: 'bond',
          'link-aggregation': { mode: 4, ports: ['a', 'b'], options: {} },
        },
        { name: 'br0', type: 'linux-bridge', bridge: { ports: [{ name: 'bond0' }] } },
        {
          name: 'mv0',
          type: 'mac-vlan',
          'mac-vlan': { 'base-iface': 'a', mode: 'bridge', 'accept-all-mac': true },
        },
      ],
    };
    const out = canonicalizeDesiredState(input);
    assert.deepEqual(out.interfaces[0]?.['link-aggregation'], {
      mode: '802.3ad',
      port: ['a', 'b'],
      options: {},
    });
    assert.deepEqual(Object.keys(out.interfaces[0]['link-aggregation']), [
      'mode',
      'port',
      'options',
    ]);
    assert.deepEqual(out.interfaces[1]?.bridge, { port: [{ name: 'bond0' }] });
    assert.deepEqual(out.interfaces[2]?.['mac-vlan'], {
      'base-iface': 'a',
      mode: 'bridge',
      promiscuous: true,
    });
    assert.deepEqual(input.interfaces[0]?.['link-aggregation']?.ports, ['a', 'b']);
  });
  void it('agrees with the strict deserializer on the canonical keys', () => {
    const input = {
      interfaces: [
        { name: 'bond0', type: 'bond', 'link-aggregation': { mode: '1', ports: ['a'] } },
      ],
    };
    const strict = deserializeNetworkState(input);
    assert.ok(strict.ok);
    const la = (canonicalizeDesiredState(input).interfaces[0] ?? {})['link-aggregation'];
    const strictIfaces = strict.value.interfaces as { 'link-aggregation': unknown }[];
    assert.deepEqual(la, strictIfaces[0]?.['link-aggregation']);
  });
  void it('keeps the alias when the canonical key is there too, and leaves templates alone', () => {
    const input = {
      interfaces: [
        { name: 'bond0', type: 'bond', 'link-aggregation': { port: ['a'], ports: ['b'] } },
        { name: 'br0', type: 'linux-bridge', bridge: '{{ capture.x.bridge }}' },
      ],
    };
    assert.deepEqual(canonicalizeDesiredState(input), input);
  });
});
