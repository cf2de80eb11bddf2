import { NadGVK } from '../../../shared/k8s/models';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericDetailsPage } from '../../../shared/ui/placeholderPages';

function NadDetailsPage(props: { name?: string; namespace?: string }) {
  return (
    <GenericDetailsPage
      gvk={NadGVK}
      testId="nad-details"
      name={props.name}
      namespace={props.namespace}
    />
  );
}

export default withQueryClient(NadDetailsPage);
