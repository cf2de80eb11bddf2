// nmstate.io schemas, written from the kubernetes-nmstate CRDs: NNCP (v1 and v1beta1 share one
// shape), NNCE (root preserves unknown fields), NNS (status-only) and the NMState operator CR.
import type { Schema } from './schema';
import { arr, dateTime, int, intOrString, map, obj, preserved, root, str } from './schema';

const nmstateCondition = obj(
  {
    type: str(),
    status: str(),
    reason: str(),
    message: str(),
    lastHeartbeatTime: dateTime(),
    lastTransitionTime: dateTime(),
  },
  { required: ['status', 'type'] },
);

export const nodeNetworkConfigurationPolicySchema: Schema = root({
  spec: obj({
    nodeSelector: { ...map(str()), maxProperties: 256 },
    capture: map(str()),
    desiredState: preserved(),
    maxUnavailable: intOrString(),
  }),
  status: obj({
    conditions: arr(nmstateCondition),
    unavailableNodeCount: int(),
    unavailableNodeCountMap: map(int()),
    lastUnavailableNodeCountUpdate: dateTime(),
  }),
});

const metaInfo = obj({ time: dateTime(), version: str() });

export const nodeNetworkConfigurationEnactmentSchema: Schema = root(
  {
    status: obj({
      capturedStates: map(obj({ metaInfo, state: preserved() })),
      conditions: arr(nmstateCondition),
      desiredState: preserved(),
      desiredStateMetaInfo: metaInfo,
      features: arr(str()),
      policyGeneration: int(),
      retryCount: map(int()),
    }),
  },
  true,
);

export const nodeNetworkStateSchema: Schema = root({
  status: obj({
    conditions: arr(nmstateCondition),
    currentState: preserved(),
    handlerNetworkManagerVersion: str(),
    handlerNmstateVersion: str(),
    hostNetworkManagerVersion: str(),
    lastSuccessfulUpdateTime: dateTime(),
  }),
});

// Scheduling fields (affinity, tolerations) are large upstream core types; they are preserved
// here rather than restated, which only loses pruning inside them.
export const nmstateSchema: Schema = root({
  spec: obj(
    {
      affinity: preserved(),
      infraAffinity: preserved(),
      nodeSelector: map(str()),
      infraNodeSelector: map(str()),
      tolerations: arr(preserved()),
      infraTolerations: arr(preserved()),
      logLevel: str({ enum: ['info', 'debug'], default: 'info' }),
      metricsConfiguration: obj({ bindAddress: str() }),
      probeConfiguration: obj({ dns: obj({ host: str() }) }, { default: {} }),
      selfSignConfiguration: obj({
        caRotateInterval: str(),
        caOverlapInterval: str(),
        certRotateInterval: str(),
        certOverlapInterval: str(),
      }),
    },
    { default: {} },
  ),
  status: obj({
    conditions: arr(
      obj({
        type: str(),
        status: str(),
        reason: str(),
        message: str(),
        lastHeartbeatTime: dateTime(),
        lastTransitionTime: dateTime(),
      }),
    ),
  }),
});
