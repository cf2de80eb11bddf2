// kubernetes-nmstate's policies and their per-node enactments (nmstate.io); nmstate.ts has its
// other kinds, which the policy list does not read.
import { model } from './model';

export const PolicyGVK = {
  group: 'nmstate.io',
  version: 'v1',
  kind: 'NodeNetworkConfigurationPolicy',
} as const;

/**
 * Enactments are one per (policy, node): 50 policies on 500 nodes make 25,000 objects, so every
 * watch of all of them lists in pages of this size rather than the console's 250 (100 round
 * trips), and uses the same size so the watches are shared.
 */
export const ENACTMENT_PAGE_SIZE = 5000;

export const EnactmentGVK = {
  group: 'nmstate.io',
  version: 'v1beta1',
  kind: 'NodeNetworkConfigurationEnactment',
} as const;

export const PolicyModel = /* @__PURE__ */ model(
  PolicyGVK,
  'nodenetworkconfigurationpolicies',
  false,
  'NNCP',
  'NodeNetworkConfigurationPolicy',
  'NodeNetworkConfigurationPolicies',
);

export const EnactmentModel = /* @__PURE__ */ model(
  EnactmentGVK,
  'nodenetworkconfigurationenactments',
  false,
  'NNCE',
  'NodeNetworkConfigurationEnactment',
  'NodeNetworkConfigurationEnactments',
);
