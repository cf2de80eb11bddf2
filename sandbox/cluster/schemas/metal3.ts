// metal3.io/v1alpha1 schemas written from the baremetal-operator CRDs (main branch). Large
// sub-trees that the switch-port features never touch (RAID, firmware settings, operation
// history) are preserved instead of restated, so they round-trip without pruning.
import type { Schema } from './schema';
import { MAC_PATTERN, arr, bool, dateTime, int, num, obj, preserved, root, str } from './schema';

const MAC_UNANCHORED = '[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}';

const metav1Condition = obj(
  {
    type: str({ maxLength: 316 }),
    status: str({ enum: ['True', 'False', 'Unknown'] }),
    reason: str({
      minLength: 1,
      maxLength: 1024,
      pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$',
    }),
    message: str({ maxLength: 32768 }),
    lastTransitionTime: dateTime(),
    observedGeneration: int({ minimum: 0 }),
  },
  { required: ['lastTransitionTime', 'message', 'reason', 'status', 'type'] },
);

const nic = obj({
  name: str(),
  model: str(),
  mac: str({ pattern: MAC_UNANCHORED }),
  ip: str(),
  speedGbps: int(),
  vlans: arr(obj({ id: int({ minimum: 0, maximum: 4094 }), name: str() })),
  vlanId: int({ minimum: 0, maximum: 4094 }),
  pxe: bool(),
  lldp: obj({ switchID: str(), portID: str(), switchSystemName: str() }),
  pciAddress: str(),
});

const hardwareDetails = obj({
  systemVendor: obj({ manufacturer: str(), productName: str(), serialNumber: str() }),
  firmware: obj({ bios: obj({ date: str(), vendor: str(), version: str() }) }),
  ramMebibytes: int(),
  nics: arr(nic),
  storage: arr(preserved()),
  cpu: obj({
    arch: str(),
    model: str(),
    clockMegahertz: num(),
    flags: arr(str()),
    count: int(),
  }),
  hostname: str(),
});

export const hardwareDataSchema: Schema = root({ spec: obj({ hardware: hardwareDetails }) });

const image = obj(
  {
    url: str(),
    checksum: str(),
    checksumType: str({ enum: ['md5', 'sha256', 'sha512', 'auto'] }),
    format: str({ enum: ['raw', 'qcow2', 'vdi', 'vmdk', 'live-iso'] }),
    ociAuthSecretName: str(),
  },
  { required: ['url'] },
);

const secretRef = obj({ name: str(), namespace: str() });

const networkInterface = obj({
  name: str({ pattern: '^[a-zA-Z0-9._-]+$' }),
  macAddress: str({ pattern: MAC_PATTERN }),
  hostNetworkAttachment: obj({ name: str({ maxLength: 253 }), namespace: str({ maxLength: 63 }) }),
  switchPort: obj(
    { switchID: str({ pattern: MAC_PATTERN }), portID: str() },
    { required: ['portID', 'switchID'] },
  ),
});

const bmhStatusRequired = [
  'errorCount',
  'errorMessage',
  'operationalStatus',
  'poweredOn',
  'provisioning',
  'provisioningFailCount',
];

export const bareMetalHostSchema: Schema = root({
  spec: obj(
    {
      architecture: str(),
      automatedCleaningMode: str({ enum: ['metadata', 'disabled'], default: 'metadata' }),
      bmc: obj(
        { address: str(), credentialsName: str(), disableCertificateVerification: bool() },
        { required: ['address', 'credentialsName'] },
      ),
      bootMACAddress: str({ pattern: MAC_UNANCHORED }),
      bootMode: str({ enum: ['UEFI', 'UEFISecureBoot', 'legacy'] }),
      consumerRef: obj({
        apiVersion: str(),
        fieldPath: str(),
        kind: str(),
        name: str(),
        namespace: str(),
        resourceVersion: str(),
        uid: str(),
      }),
      customDeploy: obj({ method: str() }, { required: ['method'] }),
      description: str(),
      disablePowerOff: bool(),
      externallyProvisioned: bool(),
      firmware: obj({
        simultaneousMultithreadingEnabled: bool(),
        sriovEnabled: bool(),
        virtualizationEnabled: bool(),
      }),
      hardwareProfile: str(),
      image,
      inspectionMode: str({ enum: ['disabled', 'agent', 'fast'] }),
      metaData: secretRef,
      networkData: secretRef,
      networkInterfaces: arr(networkInterface),
      online: bool(),
      preprovisioningNetworkDataName: str(),
      raid: preserved(),
      rootDeviceHints: preserved(),
      taints: arr(preserved()),
      userData: secretRef,
    },
    { required: ['online'] },
  ),
  status: obj(
    {
      conditions: arr(metav1Condition),
      errorCount: int({ default: 0 }),
      errorMessage: str(),
      errorType: str({
        enum: [
          'provisioned registration error',
          'registration error',
          'inspection error',
          'preparation error',
          'provisioning error',
          'power management error',
          'servicing error',
        ],
      }),
      goodCredentials: preserved(),
      triedCredentials: preserved(),
      hardware: hardwareDetails,
      hardwareProfile: str(),
      lastAttemptedImage: image,
      lastUpdated: dateTime(),
      operationHistory: preserved(),
      operationalStatus: str({
        enum: ['', 'OK', 'discovered', 'error', 'delayed', 'detached', 'servicing'],
      }),
      poweredOn: bool(),
      provisioning: {
        type: 'object',
        'x-kubernetes-preserve-unknown-fields': true,
        properties: {
          ID: str(),
          state: str(),
          bootMode: str({ enum: ['UEFI', 'UEFISecureBoot', 'legacy'] }),
        },
        required: ['ID', 'state'],
      },
      provisioningFailCount: int({ default: 0 }),
      // Open upstream PR (#3470): drift-detection status; optional and shaped as proposed.
      appliedNetworkAttachmentConfigs: arr(
        obj({
          name: str(),
          switchPortConfig: obj({
            mode: str(),
            nativeVLAN: int(),
            allowedVLANs: arr(int()),
            mtu: int(),
          }),
          switchPort: obj({ switchID: str(), portID: str(), switchSystemName: str() }),
        }),
      ),
    },
    { required: bmhStatusRequired },
  ),
});

export const hostNetworkAttachmentSchema: Schema = root({
  spec: obj(
    {
      mode: str({ enum: ['access', 'trunk', 'hybrid'], default: 'access' }),
      nativeVLAN: int({ minimum: 1, maximum: 4094 }),
      allowedVLANs: arr(str({ pattern: '^\\d+(-\\d+)?$' })),
      mtu: int({ minimum: 68, maximum: 9216 }),
    },
    { required: ['mode', 'nativeVLAN'] },
  ),
});

// ironic.metal3.io/v1alpha1 Ironic, only `spec.networkingService` is restated (IrSO main,
// api/v1alpha1/ironic_types.go `NetworkingService`, `ProviderNetworkConfig`); the rest of the spec
// and the status are preserved.
export const ironicSchema: Schema = root({
  spec: {
    type: 'object',
    'x-kubernetes-preserve-unknown-fields': true,
    properties: {
      networkingService: obj({
        enabled: bool(),
        providerNetworks: arr(
          obj(
            {
              type: str({
                enum: ['idle', 'inspection', 'cleaning', 'rescuing', 'servicing', 'provisioning'],
              }),
              mode: str({ enum: ['access', 'trunk', 'hybrid'], default: 'access' }),
              nativeVLAN: int({ minimum: 1, maximum: 4094 }),
              allowedVLANs: arr(str()),
              mtu: int({ minimum: 1280, maximum: 9216 }),
            },
            { required: ['mode', 'nativeVLAN', 'type'] },
          ),
        ),
        switchConfigSecretName: str(),
        switchCredentialsSecretName: str(),
      }),
    },
  },
  status: preserved(),
});

export const bareMetalSwitchSchema: Schema = root({
  spec: obj(
    {
      address: str(),
      macAddress: str({ pattern: MAC_PATTERN }),
      driver: str({ enum: ['generic-switch'], default: 'generic-switch' }),
      deviceType: str(),
      credentials: obj({ name: str(), namespace: str() }),
      port: int({ minimum: 1, maximum: 65535 }),
      disableCertificateVerification: bool(),
    },
    { required: ['address', 'deviceType', 'macAddress'] },
  ),
  status: obj({ conditions: arr(metav1Condition) }),
});
