import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hna, host0, NS } from '../__fixtures__/switchPortFixtures';
import type { Finding } from '../model/types';
import {
  applyHnaFormValues,
  buildSwitchWrite,
  nextFreeName,
  retargetAttachment,
  setInterfaceAttachment,
  toHnaFormValues,
  validateHnaForm,
  validateSwitchForm,
} from './forms';
import type { HnaFormValues, SwitchFormValues } from './forms';

const codes = (fs: Finding[]) => fs.map((f) => `${f.severity} ${f.code} ${f.path}`);

const base: HnaFormValues = {
  name: 'trunk-x',
  namespace: NS,
  mode: 'trunk',
  nativeVLAN: '100',
  allowedVLANs: '200-203, 300',
  mtu: '9000',
};

void describe('HNA form', () => {
  void it('round-trips and keeps unknown fields and metadata', () => {
    const orig = {
      ...hna('t', { mode: 'trunk', nativeVLAN: 7, allowedVLANs: ['1-5', '9'], mtu: 1500 }),
    };
    orig.metadata = { ...orig.metadata, resourceVersion: '42' };
    orig.spec = { ...orig.spec, future: 'x' };
    const values = toHnaFormValues(orig);
    assert.equal(values.allowedVLANs, '1-5, 9');
    assert.deepEqual(applyHnaFormValues(orig, values), orig);
  });

  void it('accepts valid values and writes webhook-form entries', () => {
    assert.deepEqual(validateHnaForm(base, true), []);
    const out = applyHnaFormValues(undefined, { ...base, allowedVLANs: '200 - 203,300', mtu: '' });
    assert.deepEqual(out.spec, {
      mode: 'trunk',
      nativeVLAN: 100,
      allowedVLANs: ['200-203', '300'],
    });
  });

  void it('explains every bad field at the field', () => {
    assert.deepEqual(
      codes(
        validateHnaForm(
          {
            ...base,
            name: 'Bad_Name',
            nativeVLAN: '',
            allowedVLANs: 'abc, 30-20, 10-20, 15',
            mtu: '67',
          },
          true,
        ),
      ),
      [
        'error form.invalidName name',
        'error hna.nativeVlanRequired nativeVLAN',
        'error hna.mtuOutOfRange mtu',
        'error vlan.syntax allowedVLANs',
        'error vlan.reversedRange allowedVLANs',
        'warning vlan.overlap allowedVLANs',
      ],
    );
    assert.deepEqual(codes(validateHnaForm({ ...base, nativeVLAN: 'ten', mtu: '1.5' }, false)), [
      'error form.notInteger nativeVLAN',
      'error form.notInteger mtu',
    ]);
    assert.deepEqual(codes(validateHnaForm({ ...base, nativeVLAN: '4095' }, false)), [
      'error vlan.outOfRange nativeVLAN',
    ]);
    assert.deepEqual(codes(validateHnaForm({ ...base, mode: 'access' }, false)), [
      'error hna.allowedVlansInAccessMode allowedVLANs',
    ]);
  });
});

void describe('setInterfaceAttachment', () => {
  const eno1 = { name: 'eno1', mac: '20:04:0f:fb:a0:98' };
  void it('updates the matching entry by name, keeping exactly one identity', () => {
    const r = setInterfaceAttachment(host0, eno1, { by: 'name', name: 'eno1' }, { name: 'x' });
    assert.ok(r.ok);
    assert.deepEqual(r.networkInterfaces[0], {
      name: 'eno1',
      hostNetworkAttachment: { name: 'x' },
    });
    assert.equal(r.networkInterfaces.length, 3);
  });

  void it('switches an entry to MAC identity and keeps its switchPort override', () => {
    const nic = { name: 'eno3', mac: '20:04:0f:fb:a0:9a' };
    const r = setInterfaceAttachment(host0, nic, { by: 'name', name: 'eno3' }, { name: 'y' });
    assert.ok(r.ok);
    assert.deepEqual(r.networkInterfaces[1], {
      name: 'eno3',
      switchPort: { switchID: '08:05:e2:7d:0a:20', portID: 'xe-0/0/21' },
      hostNetworkAttachment: { name: 'y' },
    });
  });

  void it('appends a new entry by MAC and removes one that would be empty', () => {
    const nic = { name: 'eno4', mac: '20:04:0F:FB:A0:9B' };
    const r = setInterfaceAttachment(
      host0,
      nic,
      { by: 'mac', mac: nic.mac },
      {
        name: 'z',
        namespace: 'other',
      },
    );
    assert.ok(r.ok);
    assert.deepEqual(r.networkInterfaces[3], {
      macAddress: '20:04:0f:fb:a0:9b',
      hostNetworkAttachment: { name: 'z', namespace: 'other' },
    });
    const removed = setInterfaceAttachment(host0, eno1, { by: 'name', name: 'eno1' }, undefined);
    assert.ok(removed.ok);
    assert.equal(removed.networkInterfaces.length, 2);
  });

  void it('refuses two entries for one NIC and an empty identity', () => {
    const twice = {
      ...host0,
      spec: { networkInterfaces: [{ name: 'eno1' }, { macAddress: '20:04:0f:fb:a0:98' }] },
    };
    assert.deepEqual(setInterfaceAttachment(twice, eno1, { by: 'name', name: 'eno1' }, undefined), {
      ok: false,
      code: 'networkInterface.ambiguous',
    });
    assert.deepEqual(setInterfaceAttachment(host0, eno1, { by: 'name', name: ' ' }, undefined), {
      ok: false,
      code: 'networkInterface.noIdentity',
    });
  });

  void it('retargets references and picks a free copy name', () => {
    const moved = retargetAttachment(host0, { name: 'access-a', namespace: NS }, { name: 'b' });
    assert.deepEqual(moved.spec?.networkInterfaces?.[1]?.hostNetworkAttachment, {
      name: 'b',
      namespace: NS,
    });
    const ifaces = moved.spec.networkInterfaces;
    assert.equal(ifaces[0]?.hostNetworkAttachment?.name, 'trunk-a');
    assert.equal(nextFreeName('a', new Set(['a-2'])), 'a-3');
    assert.equal(nextFreeName('a-2', new Set(['a-2'])), 'a-3');
  });
});

void describe('switch form', () => {
  const values: SwitchFormValues = {
    name: 'tor-9',
    namespace: NS,
    address: '10.0.0.9',
    macAddress: '08:05:e2:7d:0a:99',
    deviceType: 'netmiko_arista_eos',
    port: '',
    disableCertificateVerification: false,
    secretName: 'tor-9-credentials',
    username: 'admin',
    credentialKind: 'password',
    credential: 's3cret',
  };
  void it('builds a same-namespace Secret and switch', () => {
    const { secret, bareMetalSwitch } = buildSwitchWrite(values);
    assert.deepEqual(secret.metadata, { name: 'tor-9-credentials', namespace: NS });
    assert.deepEqual(secret.stringData, { username: 'admin', password: 's3cret' });
    assert.deepEqual(bareMetalSwitch.spec.credentials, { name: 'tor-9-credentials' });
    assert.equal(bareMetalSwitch.metadata.namespace, NS);
    assert.deepEqual(validateSwitchForm(values, []), []);
  });

  void it('reports field problems and an existing Secret', () => {
    assert.deepEqual(
      codes(
        validateSwitchForm(
          { ...values, macAddress: 'zz', port: 'x', username: '', credential: '' },
          [{ metadata: { name: 'tor-9-credentials' } }],
        ),
      ),
      [
        'error form.notInteger port',
        'error form.usernameRequired username',
        'error form.credentialRequired credential',
        'error form.secretExists secretName',
        'error bms.invalidMac macAddress',
      ],
    );
  });
});
