// Names of the Secrets in a namespace, read metadata-only: kube-apiserver answers a list asked
// for as PartialObjectMetadataList with each item's metadata and no data (k8s.io/apiserver
// pkg/endpoints/handlers/response.go asPartialObjectMetadataList). The create-switch dialog needs
// only the names, to warn before overwriting; it never reads or watches the Secrets' contents.
import { useQuery } from '@tanstack/react-query';
import { consoleFetchJSON } from '@openshift-console/dynamic-plugin-sdk';
import { consoleApiPath } from '../../../shared/k8s/leanWatch';
import { SecretModel } from '../../../shared/k8s/models';
import { isRecord } from '../../../shared/logic/isRecord';

export const PARTIAL_METADATA_LIST =
  'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';

export interface SecretNames {
  /** Undefined while loading or when the list is refused (e.g. no permission to list). */
  items?: { metadata: { name?: string } }[];
  isLoading: boolean;
}

export function useSecretNames(namespace: string): SecretNames {
  const url = `${consoleApiPath(SecretModel).replace(/\/secrets$/, '')}/namespaces/${encodeURIComponent(namespace)}/secrets`;
  const query = useQuery({
    queryKey: ['switch-ports-secret-names', url],
    enabled: namespace !== '',
    retry: false,
    queryFn: async () => {
      const list: unknown = await consoleFetchJSON(url, 'GET', {
        headers: { Accept: PARTIAL_METADATA_LIST },
      });
      const items = isRecord(list) && Array.isArray(list.items) ? (list.items as unknown[]) : [];
      return items.flatMap((item) =>
        isRecord(item) && isRecord(item.metadata) && typeof item.metadata.name === 'string'
          ? [{ metadata: { name: item.metadata.name } }]
          : [],
      );
    },
  });
  return { items: query.isSuccess ? query.data : undefined, isLoading: query.isLoading };
}
