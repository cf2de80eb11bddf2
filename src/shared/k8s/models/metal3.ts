// Metal3's and Ironic's kinds (metal3.io, ironic.metal3.io).
import { model } from './model';

export const BareMetalHostGVK = {
  group: 'metal3.io',
  version: 'v1alpha1',
  kind: 'BareMetalHost',
} as const;

export const HardwareDataGVK = {
  group: 'metal3.io',
  version: 'v1alpha1',
  kind: 'HardwareData',
} as const;

export const BareMetalSwitchGVK = {
  group: 'metal3.io',
  version: 'v1alpha1',
  kind: 'BareMetalSwitch',
} as const;

export const HostNetworkAttachmentGVK = {
  group: 'metal3.io',
  version: 'v1alpha1',
  kind: 'HostNetworkAttachment',
} as const;

/** ironic-standalone-operator's Ironic resource (ironic.metal3.io/v1alpha1). */
export const IronicGVK = {
  group: 'ironic.metal3.io',
  version: 'v1alpha1',
  kind: 'Ironic',
} as const;

export const BareMetalHostModel = /* @__PURE__ */ model(
  BareMetalHostGVK,
  'baremetalhosts',
  true,
  'BMH',
  'BareMetalHost',
  'BareMetalHosts',
);

export const HardwareDataModel = /* @__PURE__ */ model(
  HardwareDataGVK,
  'hardwaredata',
  true,
  'HD',
  'HardwareData',
  'HardwareData',
);

export const BareMetalSwitchModel = /* @__PURE__ */ model(
  BareMetalSwitchGVK,
  'baremetalswitches',
  true,
  'BMS',
  'BareMetalSwitch',
  'BareMetalSwitches',
);

export const HostNetworkAttachmentModel = /* @__PURE__ */ model(
  HostNetworkAttachmentGVK,
  'hostnetworkattachments',
  true,
  'HNA',
  'HostNetworkAttachment',
  'HostNetworkAttachments',
);
