import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { summarizeDesiredState } from './desiredStateSummary';
import {
  bondVlanPolicy,
  dnsPolicy,
  linuxBridgeVlanPolicy,
  ovsBridgePolicy,
} from '../__fixtures__/policyFixtures';

void describe('summarizeDesiredState', () => {
  void it('summarises every interface, not only the first', () => {
    const s = summarizeDesiredState(bondVlanPolicy.spec.desiredState);
    assert.equal(s.interfaces.length, bondVlanPolicy.spec.desiredState?.interfaces?.length);
    const [bond, vlan] = s.interfaces;
    assert.ok(bond && vlan);
    assert.equal(bond.bondMode, '802.3ad');
    assert.ok(bond.ports.length >= 2);
    assert.equal(vlan.type, 'vlan');
    assert.equal(vlan.base, 'bond1');
  });
  void it('lists OVS bond members as ports and keeps port VLANs', () => {
    const s = summarizeDesiredState(ovsBridgePolicy.spec.desiredState);
    const [br, port] = s.interfaces;
    assert.ok(br && port);
    assert.deepEqual(br.ports, ['ovs-br1-int', 'ens6', 'ens7']);
    assert.equal(br.stp, false);
    assert.deepEqual(port.ipv4, {
      mode: 'enabled',
      dhcp: false,
      autoconf: false,
      addresses: ['198.51.100.10/24'],
    });
    const [lb] = summarizeDesiredState(linuxBridgeVlanPolicy.spec.desiredState).interfaces;
    assert.ok(lb);
    assert.ok(lb.portVlans.length > 0);
  });
  void it('reports DNS, template interfaces and other keys', () => {
    const d = summarizeDesiredState(dnsPolicy.spec.desiredState);
    assert.ok(d.dns && d.dns.servers.length > 0);
    const t = summarizeDesiredState({ interfaces: '{{ capture.x.interfaces }}' as never, ovn: {} });
    assert.equal(t.interfacesTemplate, '{{ capture.x.interfaces }}');
    assert.deepEqual(t.otherKeys, ['ovn']);
  });
});
