// Multus' NetworkAttachmentDefinition (k8s.cni.cncf.io).
import { model } from './model';

export const NadGVK = {
  group: 'k8s.cni.cncf.io',
  version: 'v1',
  kind: 'NetworkAttachmentDefinition',
} as const;

export const NadModel = /* @__PURE__ */ model(
  NadGVK,
  'network-attachment-definitions',
  true,
  'NAD',
  'NetworkAttachmentDefinition',
  'NetworkAttachmentDefinitions',
);
