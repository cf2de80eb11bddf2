import type { PageComponentProps } from '@openshift-console/dynamic-plugin-sdk';
import { NodeNetworkStateGVK } from '../../../shared/k8s/models';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericDetailsPage } from '../../../shared/ui/placeholderPages';

function NodeNetworkTab({ obj }: PageComponentProps) {
  return (
    <GenericDetailsPage
      gvk={NodeNetworkStateGVK}
      testId="node-network-tab"
      name={obj?.metadata?.name}
    />
  );
}

export default withQueryClient(NodeNetworkTab);
