// The operator's and the handler's state for the overview: the NMState instance in effect, the
// handler DaemonSet and the operator's Deployment, each found by the label its manifest sets
// (logic/operatorStatus.ts) so the namespace the operator was installed in does not matter. They
// are a handful of objects, so the console's own watch is the right read.
import { useMemo } from 'react';
import { DaemonSetGVK, DeploymentGVK, NMStateGVK } from '../../../shared/k8s/models';
import { gateFromFlag, useWatchedList } from '../../../shared/k8s/useWatchedList';
import type { K8sError } from '../../../shared/k8s/k8sError';
import type { NMState } from '../../../shared/model/nmstate';
import type { K8sResource } from '../../../shared/model/k8s';
import { pickNMState } from '../logic/pickNMState';
import {
  HANDLER_COMPONENT_LABEL,
  OPERATOR_APP_LABEL,
  summarizeHandler,
  summarizeOperatorConditions,
  summarizeOperatorDeployment,
} from '../logic/operatorStatus';
import type {
  HandlerSummary,
  OperatorConditionSummary,
  OperatorDeploymentSummary,
} from '../logic/operatorStatus';

export interface OperatorHealth {
  nmstatesLoading: boolean;
  nmstate?: NMState;
  conditions?: OperatorConditionSummary;
  /** undefined while loading; null when none was found or it could not be read (see errors). */
  handler?: HandlerSummary | null;
  handlerError?: K8sError;
  operator?: OperatorDeploymentSummary | null;
  operatorError?: K8sError;
}

export function useOperatorHealth(hasNmstate: boolean | undefined): OperatorHealth {
  const enabled = gateFromFlag(hasNmstate);
  const nmstates = useWatchedList<NMState>(NMStateGVK, { enabled });
  const handlers = useWatchedList<K8sResource>(DaemonSetGVK, {
    enabled,
    selector: { matchLabels: HANDLER_COMPONENT_LABEL },
  });
  const operators = useWatchedList<K8sResource>(DeploymentGVK, {
    enabled,
    selector: { matchLabels: OPERATOR_APP_LABEL },
  });
  return useMemo(() => {
    const nmstate = pickNMState(nmstates.data);
    const settled = <T>(r: { isLoading: boolean; error?: K8sError }, v: T | undefined) =>
      r.isLoading && !r.error ? undefined : (v ?? null);
    return {
      nmstatesLoading: nmstates.isLoading,
      nmstate,
      conditions: nmstate ? summarizeOperatorConditions(nmstate.status?.conditions) : undefined,
      handler: settled(handlers, handlers.error ? undefined : summarizeHandler(handlers.data)),
      handlerError: handlers.error,
      operator: settled(
        operators,
        operators.error ? undefined : summarizeOperatorDeployment(operators.data),
      ),
      operatorError: operators.error,
    };
  }, [nmstates.isLoading, nmstates.data, handlers, operators]);
}
