import { PolicyGVK } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericListPage } from '../../../shared/ui/placeholderPages';

function PolicyListPage() {
  const { t } = usePluginTranslation();
  return (
    <GenericListPage
      gvk={PolicyGVK}
      title={t('Node network configuration policies')}
      testId="policy-list"
    />
  );
}

export default withQueryClient(PolicyListPage);
