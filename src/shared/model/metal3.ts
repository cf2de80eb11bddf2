// Metal3 switch-port API as merged on baremetal-operator main (pre-release upstream). The applied
// status fields are still an open upstream PR, so they are optional and read defensively.
import type { Condition, K8sResource, ObjectMeta } from './k8s';

export type SwitchPortMode = 'access' | 'trunk' | 'hybrid';

export interface SwitchPortConfig {
  mode: SwitchPortMode;
  nativeVLAN?: number;
  allowedVLANs?: number[];
  mtu?: number;
}

export interface BareMetalHostNetworkInterface {
  name?: string;
  macAddress?: string;
  hostNetworkAttachment?: { name: string; namespace?: string };
  switchPort?: { switchID: string; portID: string };
  [key: string]: unknown;
}

export interface HardwareNic {
  name?: string;
  model?: string;
  mac?: string;
  ip?: string;
  speedGbps?: number;
  vlans?: { id: number; name?: string }[];
  vlanId?: number;
  pxe?: boolean;
  lldp?: { switchID?: string; portID?: string; switchSystemName?: string };
  pciAddress?: string;
  [key: string]: unknown;
}

export interface BareMetalHost extends K8sResource {
  metadata: ObjectMeta & { name: string; namespace: string };
  spec?: {
    online?: boolean;
    bootMACAddress?: string;
    bmc?: { address?: string; credentialsName?: string };
    consumerRef?: { kind?: string; name?: string; namespace?: string; apiVersion?: string };
    image?: { url?: string; checksum?: string };
    networkInterfaces?: BareMetalHostNetworkInterface[];
    [key: string]: unknown;
  };
  status?: {
    operationalStatus?: string;
    errorMessage?: string;
    poweredOn?: boolean;
    provisioning?: { state?: string; ID?: string; [key: string]: unknown };
    hardware?: { nics?: HardwareNic[]; hostname?: string; [key: string]: unknown };
    conditions?: Condition[];
    appliedNetworkAttachmentConfigs?: {
      name?: string;
      switchPortConfig?: SwitchPortConfig;
      switchPort?: { switchID?: string; portID?: string; switchSystemName?: string };
    }[];
    [key: string]: unknown;
  };
}

export interface HardwareData extends K8sResource {
  metadata: ObjectMeta & { name: string; namespace: string };
  spec?: { hardware?: { nics?: HardwareNic[]; hostname?: string; [key: string]: unknown } };
}

export interface HostNetworkAttachment extends K8sResource {
  metadata: ObjectMeta & { name: string; namespace: string };
  spec: {
    mode: SwitchPortMode;
    nativeVLAN: number;
    allowedVLANs?: string[];
    mtu?: number;
    [key: string]: unknown;
  };
}

export interface BareMetalSwitch extends K8sResource {
  metadata: ObjectMeta & { name: string; namespace: string };
  spec: {
    address: string;
    macAddress: string;
    driver?: 'generic-switch';
    deviceType: string;
    credentials?: { name: string; namespace?: string };
    port?: number;
    disableCertificateVerification?: boolean;
    [key: string]: unknown;
  };
  status?: { conditions?: Condition[] };
}

/** Provider network types of IrSO's `spec.networkingService.providerNetworks[].type`. */
export type ProviderNetworkType =
  'idle' | 'inspection' | 'cleaning' | 'rescuing' | 'servicing' | 'provisioning';

export const PROVIDER_NETWORK_TYPES: readonly ProviderNetworkType[] = [
  'idle',
  'inspection',
  'cleaning',
  'rescuing',
  'servicing',
  'provisioning',
];

/**
 * The `Ironic` resource of ironic-standalone-operator (ironic.metal3.io/v1alpha1), reduced to the
 * networking service (metal3-io/ironic-standalone-operator api/v1alpha1/ironic_types.go
 * `NetworkingService`, `ProviderNetworkConfig`). Read defensively: older IrSO has no such field.
 */
export interface IronicResource extends K8sResource {
  metadata: ObjectMeta & { name: string; namespace: string };
  spec?: {
    networkingService?: {
      enabled?: boolean;
      providerNetworks?: {
        type?: string;
        mode?: string;
        nativeVLAN?: number;
        allowedVLANs?: string[];
        mtu?: number;
      }[];
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
}
