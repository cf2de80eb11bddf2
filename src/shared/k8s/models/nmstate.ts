// kubernetes-nmstate's node network states and operator configuration (nmstate.io); policies and
// enactments are in nmstatePolicies.ts.
import { model } from './model';

export const NodeNetworkStateGVK = {
  group: 'nmstate.io',
  version: 'v1beta1',
  kind: 'NodeNetworkState',
} as const;

export const NMStateGVK = { group: 'nmstate.io', version: 'v1', kind: 'NMState' } as const;

export const NodeNetworkStateModel = /* @__PURE__ */ model(
  NodeNetworkStateGVK,
  'nodenetworkstates',
  false,
  'NNS',
  'NodeNetworkState',
  'NodeNetworkStates',
);

export const NMStateModel = /* @__PURE__ */ model(
  NMStateGVK,
  'nmstates',
  false,
  'NMS',
  'NMState',
  'NMStates',
);
