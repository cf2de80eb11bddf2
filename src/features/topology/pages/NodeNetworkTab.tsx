import type { PageComponentProps } from '@openshift-console/dynamic-plugin-sdk';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import { TopologyExplorer } from '../components/TopologyExplorer';
import { useFullNodeState } from '../data/useTopologyData';
import { NodeHandlerInfo } from '../components/NodeHandlerInfo';
import { NodeInstalledWith } from '../../day1/components/NodeInstalledWith';

/** The handler's own report for the node; the same by-name watch the topology below uses. */
function NodeHandler({ node }: { node: string }) {
  const nns = useFullNodeState(node);
  if (!nns) return null;
  return (
    <div className="pf-v6-u-mb-md">
      <NodeHandlerInfo nns={nns} now={Date.now()} />
    </div>
  );
}

/** The Node details "Network" tab: that node's topology, expanded. */
function NodeNetworkTab({ obj }: PageComponentProps) {
  const { t } = usePluginTranslation();
  const name = obj?.metadata?.name;
  if (!name) return <div data-test="node-network-tab">{t('No node selected')}</div>;
  return (
    <div data-test="node-network-tab">
      <NodeHandler node={name} />
      <TopologyExplorer node={name} testId="topology" />
      <NodeInstalledWith node={name} />
    </div>
  );
}

export default withQueryClient(NodeNetworkTab);
