import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hardware0, host0, NS, tor1 } from '../__fixtures__/switchPortFixtures';
import { matchNicsToSwitchPorts } from './matchNicsToSwitchPorts';

void describe('matchNicsToSwitchPorts', () => {
  const { nics, notes } = matchNicsToSwitchPorts(host0, hardware0, [tor1]);
  const nic = (name: string) => {
    const n = nics.find((x) => x.name === name);
    assert.ok(n, name);
    return n;
  };

  void it('lists NICs with MAC, speed, PXE and merges dual-stack entries', () => {
    const eno1 = nic('eno1');
    assert.equal(eno1.mac, '20:04:0f:fb:a0:98');
    assert.equal(eno1.speedGbps, 25);
    assert.equal(eno1.pxe, true);
    assert.deepEqual(eno1.ips, ['10.0.0.5', 'fd00:1101::5']);
    assert.deepEqual(eno1.lldpVlans, [100, 204]);
    assert.equal(eno1.untaggedVlan, 10);
  });

  void it('uses LLDP and matches the switch by MAC case-insensitively', () => {
    const eno1 = nic('eno1');
    assert.deepEqual(eno1.switchPort, {
      switchID: '08:05:e2:7d:0a:20',
      portID: 'xe-0/0/19',
      systemName: 'tor-1.example.com',
      source: 'lldp',
    });
    assert.deepEqual(eno1.switch, { namespace: NS, name: 'tor-1' });
    assert.deepEqual(eno1.hostNetworkAttachment, { namespace: NS, name: 'trunk-a' });
    assert.deepEqual(eno1.notes, []);
  });

  void it('the switchPort override wins over LLDP, matched by MAC', () => {
    const eno3 = nic('eno3');
    assert.ok(eno3.switchPort);
    assert.equal(eno3.switchPort.portID, 'xe-0/0/21');
    assert.equal(eno3.switchPort.source, 'override');
    assert.equal(eno3.networkInterfaceIndex, 1);
    assert.deepEqual(eno3.hostNetworkAttachment, { namespace: NS, name: 'access-a' });
  });

  void it('notes unknown switches, missing attachments and unmatched interfaces', () => {
    assert.deepEqual(
      nic('eno2').notes.map((n) => n.code),
      ['nic.unknownSwitch', 'nic.noAttachment'],
    );
    assert.deepEqual(
      nic('eno4').notes.map((n) => n.code),
      ['nic.noSwitchPort', 'nic.noAttachment'],
    );
    assert.deepEqual(
      notes.map((n) => `${n.code}:${String(n.params.name)}`),
      ['networkInterface.unmatched:eno9'],
    );
  });

  void it('works without hardware data from the spec alone', () => {
    const r = matchNicsToSwitchPorts(host0, undefined, []);
    assert.deepEqual(
      r.notes.map((n) => n.code),
      ['bmh.noHardwareData'],
    );
    assert.deepEqual(
      r.nics.map((n) => n.name ?? n.mac),
      ['20:04:0f:fb:a0:9a', 'eno1', 'eno9'],
    );
    const byMac = r.nics.find((n) => n.mac === '20:04:0f:fb:a0:9a');
    assert.ok(byMac);
    assert.deepEqual(
      byMac.notes.map((n) => n.code),
      ['nic.unknownSwitch'],
    );
  });
});
