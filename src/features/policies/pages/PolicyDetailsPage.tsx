import { PolicyGVK } from '../../../shared/k8s/models';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericDetailsPage } from '../../../shared/ui/placeholderPages';

function PolicyDetailsPage(props: { name?: string }) {
  return <GenericDetailsPage gvk={PolicyGVK} testId="policy-details" name={props.name} />;
}

export default withQueryClient(PolicyDetailsPage);
