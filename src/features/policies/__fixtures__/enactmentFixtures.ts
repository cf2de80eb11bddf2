// NNCE and NNCP condition sets exactly as the handler writes them (domain tables 1.2).
import type { Condition } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';

type S = Condition['status'];
const T0 = '2025-11-03T10:00:00Z';
const c = (type: string, status: S, reason = '', message = ''): Condition => ({
  type,
  status,
  reason,
  message,
  lastHeartbeatTime: T0,
  lastTransitionTime: T0,
});

export type EnactmentFixtureState =
  'initial' | 'progressing' | 'available' | 'failing' | 'retrying' | 'pending' | 'aborted';

export const FAILURE_MESSAGE_ETH666 = [
  'error reconciling NodeNetworkConfigurationPolicy on node worker-1.ocp.example.com at desired state apply: "[2025-11-03T10:00:01Z INFO  nmstatectl] Nmstate version: 2.2.37',
  '[2025-11-03T10:00:01Z INFO  nmstate::nispor::base_iface] Got unsupported interface type',
  '[2025-11-03T10:00:01Z INFO  nmstate::query_apply::net_state] Created checkpoint /org/freedesktop/NetworkManager/Checkpoint/7',
  '[2025-11-03T10:00:02Z INFO  nmstate::query_apply::net_state] Rollbacked to checkpoint /org/freedesktop/NetworkManager/Checkpoint/7',
  'NmstateError: InvalidArgument: Interface eth666 does not exist',
  '",',
  " failed to execute nmstatectl set --no-commit --timeout 480: 'exit status 1' '' '[2025-11-03T10:00:02Z ERROR nmstatectl] Interface eth666 does not exist'",
].join('\n');

const enactmentConditions = (state: EnactmentFixtureState, name: string): Condition[] => {
  switch (state) {
    case 'initial':
      return ['Available', 'Failing', 'Progressing', 'Pending', 'Aborted'].map((t) =>
        c(t, 'Unknown'),
      );
    case 'progressing':
      return [
        c('Available', 'Unknown', 'ConfigurationProgressing'),
        c('Failing', 'Unknown', 'ConfigurationProgressing'),
        c('Progressing', 'True', 'ConfigurationProgressing', 'Applying desired state'),
        c('Pending', 'False', 'ConfigurationProgressing'),
        c('Aborted', 'False', 'ConfigurationProgressing'),
      ];
    case 'available':
      return [
        c('Available', 'True', 'SuccessfullyConfigured', 'successfully reconciled'),
        c('Failing', 'False', 'SuccessfullyConfigured'),
        c('Progressing', 'False', 'SuccessfullyConfigured'),
        c('Pending', 'False', 'SuccessfullyConfigured'),
        c('Aborted', 'False', 'SuccessfullyConfigured'),
      ];
    case 'failing':
      return [
        c('Available', 'False', 'FailedToConfigure'),
        c('Failing', 'True', 'FailedToConfigure', FAILURE_MESSAGE_ETH666),
        c('Progressing', 'False', 'FailedToConfigure'),
        c('Pending', 'False', 'FailedToConfigure'),
        c('Aborted', 'False', 'SuccessfullyConfigured'),
      ];
    case 'retrying':
      return [
        c('Available', 'False', 'Retrying'),
        c(
          'Failing',
          'True',
          'Retrying',
          'failed to reconcile NodeNetworkConfigurationPolicy on node worker-1. Retrying 2/5',
        ),
        c('Progressing', 'True', 'Retrying'),
        c('Pending', 'False', 'Retrying'),
        c('Aborted', 'False', 'SuccessfullyConfigured'),
      ];
    case 'pending':
      return [
        c('Available', 'False', 'MaxUnavailableLimitReached'),
        c('Failing', 'False', 'MaxUnavailableLimitReached'),
        c(
          'Progressing',
          'False',
          'MaxUnavailableLimitReached',
          'Waiting for progressing nodes to finish',
        ),
        c(
          'Pending',
          'True',
          'MaxUnavailableLimitReached',
          'Waiting for progressing nodes to finish',
        ),
        c('Aborted', 'False', 'MaxUnavailableLimitReached'),
      ];
    case 'aborted':
      return [
        c('Available', 'False', 'ConfigurationAborted'),
        c('Failing', 'False', 'ConfigurationAborted'),
        c('Progressing', 'False', 'ConfigurationAborted'),
        c('Pending', 'False', 'ConfigurationAborted'),
        c(
          'Aborted',
          'True',
          'ConfigurationAborted',
          `reconciliation of enactment "${name}" has aborted`,
        ),
      ];
  }
};

export const makeEnactment = (
  node: string,
  policy: string,
  state: EnactmentFixtureState,
  opts: { generation?: number; labels?: boolean } = {},
): NodeNetworkConfigurationEnactment => {
  const name = `${node}.${policy}`;
  return {
    apiVersion: 'nmstate.io/v1beta1',
    kind: 'NodeNetworkConfigurationEnactment',
    metadata: {
      name,
      ...(opts.labels === false
        ? {}
        : { labels: { 'nmstate.io/node': node, 'nmstate.io/policy': policy } }),
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node, uid: `uid-${node}` }],
    },
    status: {
      policyGeneration: opts.generation ?? 1,
      conditions: enactmentConditions(state, name),
    },
  };
};

export type PolicyFixtureState =
  'initial' | 'progressing' | 'available' | 'degraded' | 'ignored' | 'noMatchingNodeV084';

export const policyConditions = (state: PolicyFixtureState): Condition[] => {
  switch (state) {
    case 'initial':
      return ['Available', 'Degraded', 'Progressing', 'Ignored'].map((t) => c(t, 'Unknown'));
    case 'progressing':
      return [
        c('Available', 'Unknown', 'ConfigurationProgressing'),
        c('Degraded', 'Unknown', 'ConfigurationProgressing'),
        c(
          'Progressing',
          'True',
          'ConfigurationProgressing',
          'Policy is progressing 1/3 nodes finished',
        ),
        c('Ignored', 'False', 'ConfigurationProgressing'),
      ];
    case 'available':
      return [
        c('Available', 'True', 'SuccessfullyConfigured', '3/3 nodes successfully configured'),
        c('Degraded', 'False', 'SuccessfullyConfigured'),
        c('Progressing', 'False', 'SuccessfullyConfigured'),
        c('Ignored', 'False', 'SuccessfullyConfigured'),
      ];
    case 'degraded':
      return [
        c('Available', 'False', 'FailedToConfigure'),
        c(
          'Degraded',
          'True',
          'FailedToConfigure',
          '1/3 nodes failed to configure, 2 nodes aborted configuration',
        ),
        c('Progressing', 'False', 'ConfigurationProgressing'),
        c('Ignored', 'False', 'FailedToConfigure'),
      ];
    case 'ignored':
      return [
        c('Available', 'False', 'NoMatchingNode'),
        c('Degraded', 'False', 'NoMatchingNode'),
        c('Progressing', 'False', 'NoMatchingNode'),
        c('Ignored', 'True', 'NoMatchingNode', 'Policy does not match any node'),
      ];
    case 'noMatchingNodeV084':
      return [
        c('Degraded', 'False', 'NoMatchingNode'),
        c('Progressing', 'False', 'NoMatchingNode'),
        c('Available', 'True', 'NoMatchingNode', 'Policy does not match any node'),
      ];
  }
};

export const withPolicyConditions = (
  policy: NodeNetworkConfigurationPolicy,
  state: PolicyFixtureState,
): NodeNetworkConfigurationPolicy => ({
  ...policy,
  status: { conditions: policyConditions(state) },
});
