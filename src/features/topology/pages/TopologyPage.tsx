import { useParams } from 'react-router';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { PageShell } from '../../../shared/ui/PageShell';
import { TopologyExplorer } from '../components/TopologyExplorer';

/** `/switchboard/topology` (the cluster) and `/switchboard/topology/:node` (one node). */
function TopologyPage() {
  const { t } = usePluginTranslation();
  const { node } = useParams<{ node?: string }>();
  return (
    <PageShell
      title={node ? t('Node network topology: {{node}}', { node }) : t('Node network topology')}
      testId="topology-page"
    >
      <TopologyExplorer node={node} testId="topology" />
    </PageShell>
  );
}

// No QueryClient: nothing on this page reads or writes through react-query, and the client is
// about 11 KB gzip the page would download for nothing (issue 23's byte budget).
export default TopologyPage;
