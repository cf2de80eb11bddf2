import { PolicyGVK } from '../../../shared/k8s/models';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { GenericListPage } from '../../../shared/ui/placeholderPages';

function FailedPoliciesPage() {
  const { t } = usePluginTranslation();
  return <GenericListPage gvk={PolicyGVK} title={t('Failed policies')} testId="failed-policies" />;
}

export default withQueryClient(FailedPoliciesPage);
