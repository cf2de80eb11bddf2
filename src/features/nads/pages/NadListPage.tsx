import { NadGVK } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericListPage } from '../../../shared/ui/placeholderPages';

function NadListPage() {
  const { t } = usePluginTranslation();
  return (
    <GenericListPage
      gvk={NadGVK}
      title={t('Network attachment definitions')}
      testId="nad-list"
      namespaced
    />
  );
}

export default withQueryClient(NadListPage);
