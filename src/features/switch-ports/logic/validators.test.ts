import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BareMetalSwitch, HostNetworkAttachment } from '../../../shared/model/metal3';
import { attachments, hna, NS, secrets, tor1 } from '../__fixtures__/switchPortFixtures';
import { validateBareMetalSwitch } from './validateBareMetalSwitch';
import { validateHostNetworkAttachment } from './validateHostNetworkAttachment';

function codes(findings: { code: string; path: string; severity: string }[]): string[] {
  return findings.map((f) => `${f.severity} ${f.code} ${f.path}`);
}

void describe('validateHostNetworkAttachment', () => {
  void it('accepts the fixtures', () => {
    for (const a of attachments) assert.deepEqual(validateHostNetworkAttachment(a), []);
  });

  void it('requires a native VLAN in range and a known mode', () => {
    assert.deepEqual(
      codes(
        validateHostNetworkAttachment(
          hna('x', {
            mode: 'bogus',
            nativeVLAN: undefined,
          } as unknown as HostNetworkAttachment['spec']),
        ),
      ),
      ['error hna.invalidMode spec.mode', 'error hna.nativeVlanRequired spec.nativeVLAN'],
    );
    assert.deepEqual(
      codes(validateHostNetworkAttachment(hna('x', { mode: 'access', nativeVLAN: 4095 }))),
      ['error vlan.outOfRange spec.nativeVLAN'],
    );
    assert.deepEqual(
      codes(
        validateHostNetworkAttachment({
          metadata: { name: 'x', namespace: NS },
        } as HostNetworkAttachment),
      ),
      ['error hna.specMissing spec'],
    );
  });

  void it('forbids allowed VLANs in access mode', () => {
    assert.deepEqual(
      codes(
        validateHostNetworkAttachment(
          hna('x', { mode: 'access', nativeVLAN: 5, allowedVLANs: ['7'] }),
        ),
      ),
      ['error hna.allowedVlansInAccessMode spec.allowedVLANs'],
    );
  });

  void it('checks every allowed VLAN entry and warns about overlaps', () => {
    const f = validateHostNetworkAttachment(
      hna('x', {
        mode: 'trunk',
        nativeVLAN: 5,
        allowedVLANs: ['10-20', '15', 'abc', '1 - 3', '30-25', '0', '40-40', '5'],
        mtu: 67,
      }),
    );
    assert.deepEqual(codes(f), [
      'error vlan.syntax spec.allowedVLANs[2]',
      'error vlan.syntax spec.allowedVLANs[3]',
      'error vlan.reversedRange spec.allowedVLANs[4]',
      'error vlan.outOfRange spec.allowedVLANs[5]',
      'warning vlan.overlap spec.allowedVLANs[1]',
      'error vlan.singletonRange spec.allowedVLANs[6]',
      'info hna.nativeInAllowed spec.allowedVLANs',
      'error hna.mtuOutOfRange spec.mtu',
    ]);
  });

  // Ironic standalone networking docs: allowed_vlans required for trunk/hybrid.
  void it('MTU bounds 68–9216; trunk and hybrid need allowed VLANs (Ironic ironic_networking)', () => {
    assert.deepEqual(
      validateHostNetworkAttachment(hna('x', { mode: 'access', nativeVLAN: 1, mtu: 68 })),
      [],
    );
    assert.deepEqual(
      validateHostNetworkAttachment(hna('x', { mode: 'access', nativeVLAN: 1, mtu: 9216 })),
      [],
    );
    assert.deepEqual(
      codes(validateHostNetworkAttachment(hna('x', { mode: 'trunk', nativeVLAN: 1, mtu: 9217 }))),
      ['error hna.allowedVlansRequired spec.allowedVLANs', 'error hna.mtuOutOfRange spec.mtu'],
    );
    assert.deepEqual(
      codes(validateHostNetworkAttachment(hna('x', { mode: 'hybrid', nativeVLAN: 1 }))),
      ['error hna.allowedVlansRequired spec.allowedVLANs'],
    );
  });
});

void describe('validateBareMetalSwitch', () => {
  const sw = (spec: Partial<BareMetalSwitch['spec']>): BareMetalSwitch => ({
    ...tor1,
    spec: { ...tor1.spec, ...spec },
  });

  void it('accepts a valid switch with same-namespace credentials', () => {
    assert.deepEqual(validateBareMetalSwitch(tor1, secrets), []);
  });

  void it('rejects cross-namespace credentials', () => {
    assert.deepEqual(
      codes(
        validateBareMetalSwitch(
          sw({ credentials: { name: 'tor-1-credentials', namespace: 'other' } }),
          secrets,
        ),
      ),
      ['error bms.crossNamespaceCredentials spec.credentials.namespace'],
    );
    assert.deepEqual(
      validateBareMetalSwitch(
        sw({ credentials: { name: 'tor-1-credentials', namespace: NS } }),
        secrets,
      ),
      [],
    );
  });

  void it('checks the Secret exists in the namespace and has usable keys', () => {
    assert.deepEqual(
      codes(validateBareMetalSwitch(sw({ credentials: { name: 'nope' } }), secrets)),
      ['warning bms.credentialsSecretMissing spec.credentials.name'],
    );
    assert.deepEqual(
      codes(validateBareMetalSwitch(sw({ credentials: { name: 'half' } }), secrets)),
      ['error bms.credentialsIncomplete spec.credentials.name'],
    );
    const elsewhere = [
      {
        metadata: { name: 'tor-1-credentials', namespace: 'other' },
        data: { username: 'eA==', password: 'eA==' },
      },
    ];
    assert.deepEqual(codes(validateBareMetalSwitch(tor1, elsewhere)), [
      'warning bms.credentialsSecretMissing spec.credentials.name',
    ]);
  });

  void it('checks MAC format, address, device type, driver, port', () => {
    assert.deepEqual(
      codes(
        validateBareMetalSwitch(
          sw({
            macAddress: '08-05-E2-7D-0A-20',
            address: '',
            deviceType: '',
            driver: 'x' as 'generic-switch',
            port: 70000,
            disableCertificateVerification: true,
          }),
          secrets,
        ),
      ),
      [
        'error bms.addressRequired spec.address',
        'error bms.invalidMac spec.macAddress',
        'error bms.deviceTypeRequired spec.deviceType',
        'error bms.unsupportedDriver spec.driver',
        'error bms.portOutOfRange spec.port',
        'info bms.insecure spec.disableCertificateVerification',
      ],
    );
    assert.deepEqual(codes(validateBareMetalSwitch(sw({ credentials: undefined }), secrets)), [
      'error bms.credentialsRequired spec.credentials.name',
    ]);
  });
});
