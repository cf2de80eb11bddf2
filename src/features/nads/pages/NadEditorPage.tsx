import { NadGVK } from '../../../shared/k8s/models';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericDetailsPage } from '../../../shared/ui/placeholderPages';

function NadEditorPage() {
  return <GenericDetailsPage gvk={NadGVK} testId="nad-editor" />;
}

export default withQueryClient(NadEditorPage);
