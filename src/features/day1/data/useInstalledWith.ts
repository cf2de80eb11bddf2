// A host's day-1 network config, read as the issue asks and as RBAC allows: the NMStateConfig the
// host's discovery image carries and whose MACs match the host (InfraEnv selection as upstream,
// logic/infraEnvSelection.ts; both lists are watched in every namespace because the InfraEnv
// controller lists NMStateConfigs in every namespace), else the preprovisioning network data
// Secret, read metadata-first (PartialObjectMetadata, no data transferred) and its data only
// when a SelfSubjectAccessReview says the user may get it. A user who may not list InfraEnvs sees
// no NMStateConfig: without InfraEnvs the selection is empty, as it is upstream.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { consoleFetchJSON, k8sGet, useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import { consoleApiPath } from '../../../shared/k8s/leanWatch';
import { InfraEnvGVK, NMStateConfigGVK, SecretModel } from '../../../shared/k8s/models';
import { useWatchedList } from '../../../shared/k8s/useWatchedList';
import type { K8sResource } from '../../../shared/model/k8s';
import type { BareMetalHost, HardwareData } from '../../../shared/model/metal3';
import type { NetworkState } from '../../../shared/model/nmstate';
import { isRecord } from '../../../shared/logic/isRecord';
import {
  findNMStateConfigsForHost,
  readInstalledFromSecret,
  type InstalledSource,
  type InstalledStateProblem,
} from '../logic/installedWith';

export type InstalledWith =
  | { status: 'loading' }
  | { status: 'none' }
  | {
      status: 'ok';
      source: InstalledSource;
      state: NetworkState;
      /** Further NMStateConfigs of the same image that claim the host: it applies them too. */
      alsoClaimedBy: string[];
    }
  /** The Secret exists (or may) but the user may not read it. */
  | { status: 'forbidden'; source: InstalledSource }
  | { status: 'missing'; source: InstalledSource }
  | { status: 'invalid'; source: InstalledSource; problem: InstalledStateProblem }
  | { status: 'error'; source: InstalledSource; message: string };

/** kube-apiserver's metadata-only media type (k8s.io/apiserver pkg/endpoints/handlers). */
const PARTIAL_METADATA = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1';

const statusOf = (e: unknown): number | undefined => {
  if (!isRecord(e)) return undefined;
  const code = e.code ?? (isRecord(e.response) ? e.response.status : undefined);
  return typeof code === 'number' ? code : undefined;
};

export function useInstalledWith(
  host: BareMetalHost | undefined,
  hardwareData: HardwareData | undefined,
): InstalledWith {
  const namespace = host?.metadata.namespace ?? '';
  const configs = useWatchedList<K8sResource>(NMStateConfigGVK, { enabled: host !== undefined });
  const infraEnvs = useWatchedList<K8sResource>(InfraEnvGVK, { enabled: host !== undefined });
  const claiming = useMemo(
    () => (host ? findNMStateConfigsForHost(host, hardwareData, configs.data, infraEnvs.data) : []),
    [host, hardwareData, configs.data, infraEnvs.data],
  );
  // Until both lists are in, whether a config reaches the host is not known.
  const selecting = configs.isLoading || infraEnvs.isLoading;
  const config = claiming[0];
  const secretName =
    !selecting && !config && typeof host?.spec?.preprovisioningNetworkDataName === 'string'
      ? host.spec.preprovisioningNetworkDataName
      : '';
  const [canGet, reviewing] = useAccessReview({
    group: '',
    resource: 'secrets',
    verb: 'get',
    namespace,
    name: secretName || 'none',
  });
  const url = `${consoleApiPath(SecretModel).replace(/\/secrets$/, '')}/namespaces/${encodeURIComponent(namespace)}/secrets/${encodeURIComponent(secretName)}`;
  const metadata = useQuery({
    queryKey: ['day1-secret-metadata', url],
    enabled: secretName !== '' && canGet && !reviewing,
    retry: false,
    queryFn: async () =>
      (await consoleFetchJSON(url, 'GET', {
        headers: { Accept: PARTIAL_METADATA },
      })) as K8sResource,
  });
  const data = useQuery({
    queryKey: ['day1-secret-data', namespace, secretName, metadata.data?.metadata?.resourceVersion],
    enabled: metadata.isSuccess,
    retry: false,
    queryFn: async () =>
      k8sGet<K8sResource>({ model: SecretModel, name: secretName, ns: namespace }),
  });

  if (!host) return { status: 'none' };
  if (selecting) return { status: 'loading' };
  if (config) {
    const spec = isRecord(config.spec) ? config.spec : {};
    const source: InstalledSource = {
      kind: 'NMStateConfig',
      name: config.metadata?.name ?? '',
      namespace: config.metadata?.namespace ?? '',
    };
    const alsoClaimedBy = claiming.slice(1).map((c) => c.metadata?.name ?? '');
    return isRecord(spec.config)
      ? { status: 'ok', source, state: spec.config, alsoClaimedBy }
      : { status: 'invalid', source, problem: 'notObject' };
  }
  if (secretName === '') return { status: 'none' };
  const source: InstalledSource = { kind: 'Secret', name: secretName, namespace };
  if (reviewing) return { status: 'loading' };
  if (!canGet) return { status: 'forbidden', source };
  const failure = metadata.error ?? data.error;
  if (failure) {
    const code = statusOf(failure);
    if (code === 404) return { status: 'missing', source };
    if (code === 403) return { status: 'forbidden', source };
    return {
      status: 'error',
      source,
      message: failure instanceof Error ? failure.message : String(failure),
    };
  }
  if (!data.data) return { status: 'loading' };
  const read = readInstalledFromSecret(data.data);
  return read.ok
    ? { status: 'ok', source, state: read.state, alsoClaimedBy: [] }
    : { status: 'invalid', source, problem: read.problem };
}
