import { NodeNetworkStateGVK } from '../../../shared/k8s/models';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericDetailsPage } from '../../../shared/ui/placeholderPages';

function NodeNetworkStateDetailsPage(props: { name?: string }) {
  return <GenericDetailsPage gvk={NodeNetworkStateGVK} testId="nns-details" name={props.name} />;
}

export default withQueryClient(NodeNetworkStateDetailsPage);
