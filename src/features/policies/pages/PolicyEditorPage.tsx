import { PolicyGVK } from '../../../shared/k8s/models';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericDetailsPage } from '../../../shared/ui/placeholderPages';

function PolicyEditorPage() {
  return <GenericDetailsPage gvk={PolicyGVK} testId="policy-editor" />;
}

export default withQueryClient(PolicyEditorPage);
