// Everything the overview's health card reads, each through the lightest read that answers it:
// policies from the console's watch (tens of objects), failing enactments and sandbox-failure
// events through lean watches that keep only the failures (a healthy cluster's 100,000
// enactments are dropped on arrival), the NAD findings from the validator the NAD pages use, and
// the VLAN check's digests as the cluster topology reads them.
import { useMemo } from 'react';
import type { K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import { EnactmentModel, EventModel, PolicyGVK } from '../../../shared/k8s/models';
import { useLeanWatch } from '../../../shared/k8s/useLeanWatch';
import { gateFromFlag, useWatchedList } from '../../../shared/k8s/useWatchedList';
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';
import type { K8sResource } from '../../../shared/model/k8s';
import { useNadValidationContext } from '../../nads/data/useNadData';
import { validateNad } from '../../nads/logic/validateNad';
import { SANDBOX_FAILURE_REASON } from '../../nads/logic/attachFailures';
import { useVlanCheck } from '../../switch-ports/data/useVlanCheck';
import {
  countSandboxFailuresByNamespace,
  digestFailingEnactment,
  digestSandboxFailure,
  groupFailuresByNode,
  listNadProblems,
  summarizePolicyHealth,
} from '../logic/health';
import type { NadProblem, NodeFailures, PolicyHealth } from '../logic/health';

export interface ClusterHealth {
  /** undefined while the part is loading or its API is absent. */
  policies?: PolicyHealth;
  failingNodes?: NodeFailures[];
  nadProblems?: NadProblem[];
  attachFailures?: { namespace: string; pods: number }[];
  vlanErrors?: number;
}

const enactmentDigest = (obj: K8sResourceCommon) =>
  digestFailingEnactment(obj as unknown as K8sResource);
const eventDigest = (obj: K8sResourceCommon) => digestSandboxFailure(obj as unknown as K8sResource);

export function useClusterHealth(flags: {
  nmstate: boolean | undefined;
  nad: boolean | undefined;
  metal3: boolean | undefined;
  switches: boolean | undefined;
}): ClusterHealth {
  const policies = useWatchedList<NodeNetworkConfigurationPolicy>(PolicyGVK, {
    enabled: gateFromFlag(flags.nmstate),
  });
  const failing = useLeanWatch({
    model: EnactmentModel,
    digest: enactmentDigest,
    enabled: flags.nmstate === true,
  });
  // The kubelet's sandbox failures, narrowed on the server by reason (events select on
  // `reason`: kubernetes pkg/registry/core/event/strategy.go ToSelectableFields).
  const sandboxFailures = useLeanWatch({
    model: EventModel,
    fieldSelector: `reason=${SANDBOX_FAILURE_REASON}`,
    digest: eventDigest,
    enabled: flags.nad === true,
  });
  const { context, allNads, isLoading: nadsLoading } = useNadValidationContext();
  const vlan = useVlanCheck(flags.switches, flags.metal3 === true);

  const policyHealth = useMemo(
    () => (policies.isLoading || policies.error ? undefined : summarizePolicyHealth(policies.data)),
    [policies.isLoading, policies.error, policies.data],
  );
  const failingNodes = useMemo(
    () =>
      failing.loaded && policyHealth
        ? groupFailuresByNode(failing.digests.values(), policies.data)
        : undefined,
    [failing.loaded, failing.digests, policyHealth, policies.data],
  );
  const nadProblems = useMemo(() => {
    if (flags.nad !== true || nadsLoading || allNads.error) return undefined;
    return listNadProblems(
      allNads.data.map((nad) => ({
        namespace: nad.metadata.namespace,
        name: nad.metadata.name,
        errors: validateNad(nad, context).filter((f) => f.severity === 'error').length,
      })),
    );
  }, [flags.nad, nadsLoading, allNads.error, allNads.data, context]);
  const attachFailures = useMemo(
    () =>
      sandboxFailures.loaded && flags.nad === true
        ? countSandboxFailuresByNamespace(sandboxFailures.digests.values())
        : undefined,
    [sandboxFailures.loaded, sandboxFailures.digests, flags.nad],
  );
  const vlanErrors =
    flags.metal3 === true && !vlan.isLoading
      ? vlan.mismatches.filter((m) => m.severity === 'error').length
      : undefined;
  return { policies: policyHealth, failingNodes, nadProblems, attachFailures, vlanErrors };
}
