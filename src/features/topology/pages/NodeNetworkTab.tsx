import type { PageComponentProps } from '@openshift-console/dynamic-plugin-sdk';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { TopologyExplorer } from '../components/TopologyExplorer';
import { NodeInstalledWith } from '../../day1/components/NodeInstalledWith';

/** The Node details "Network" tab: that node's topology, expanded. */
function NodeNetworkTab({ obj }: PageComponentProps) {
  const { t } = usePluginTranslation();
  const name = obj?.metadata?.name;
  if (!name) return <div data-test="node-network-tab">{t('No node selected')}</div>;
  return (
    <div data-test="node-network-tab">
      <TopologyExplorer node={name} testId="topology" />
      <NodeInstalledWith node={name} />
    </div>
  );
}

export default withQueryClient(NodeNetworkTab);
