import { NodeNetworkStateGVK } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericListPage } from '../../../shared/ui/placeholderPages';

function TopologyPage() {
  const { t } = usePluginTranslation();
  return (
    <GenericListPage
      gvk={NodeNetworkStateGVK}
      title={t('Node network topology')}
      testId="topology-page"
    />
  );
}

export default withQueryClient(TopologyPage);
