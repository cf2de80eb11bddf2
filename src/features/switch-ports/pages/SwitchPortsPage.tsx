import { BareMetalHostGVK } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericListPage } from '../../../shared/ui/placeholderPages';

function SwitchPortsPage() {
  const { t } = usePluginTranslation();
  return (
    <GenericListPage
      gvk={BareMetalHostGVK}
      title={t('Switch ports')}
      testId="switch-ports"
      namespaced
    />
  );
}

export default withQueryClient(SwitchPortsPage);
