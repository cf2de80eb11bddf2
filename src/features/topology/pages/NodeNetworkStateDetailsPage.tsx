import { NodeNetworkStateGVK } from '../../../shared/k8s/models';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericDetailsPage } from '../../../shared/ui/placeholderPages';
import { NodeHandlerInfo } from '../components/NodeHandlerInfo';

function NodeNetworkStateDetailsPage(props: { name?: string }) {
  return (
    <GenericDetailsPage
      gvk={NodeNetworkStateGVK}
      testId="nns-details"
      name={props.name}
      summary={(nns) => (
        <div className="pf-v6-u-mb-md">
          <NodeHandlerInfo nns={nns} now={Date.now()} />
        </div>
      )}
    />
  );
}

export default withQueryClient(NodeNetworkStateDetailsPage);
