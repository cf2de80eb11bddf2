import { NodeNetworkStateGVK } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericListPage } from '../../../shared/ui/placeholderPages';

function NodeNetworkStateListPage() {
  const { t } = usePluginTranslation();
  return (
    <GenericListPage gvk={NodeNetworkStateGVK} title={t('Node network states')} testId="nns-list" />
  );
}

export default withQueryClient(NodeNetworkStateListPage);
