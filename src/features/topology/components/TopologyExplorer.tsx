// The topology of the cluster or of one node: filter toolbar, legend, notes, graph or table, and
// the side panel of the selected interface. Used by the topology page (both routes) and by the
// Node details "Network" tab.
import { Suspense, lazy, useCallback, useMemo, useRef, useState } from 'react';
import {
  Button,
  Drawer,
  DrawerContent,
  DrawerContentBody,
  EmptyState,
  EmptyStateBody,
  Flex,
  FlexItem,
  Spinner,
} from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { DataState } from '../../../shared/ui/DataState';
import { useTopologyData, useTopologyGraph } from '../data/useTopologyData';
import { isEmptyTopologyFilter } from '../logic/filter';
import { mergeTopologyLayout } from '../logic/layout';
import type { Point } from '../logic/layout';
import type { Model } from '@patternfly/react-topology';
import type { SwitchPortGraphNode, TopologyOptions } from '../model/types';
import { TopologyGraphView } from './TopologyGraphView';
import { TopologyLegend, TopologyNotes } from './TopologyNotes';
import { TopologyToolbar } from './TopologyToolbar';
import { toPatternFlyModel } from './toPatternFlyModel';
import type { ElementDataCache } from './toPatternFlyModel';
import { usePositionMemory } from './usePositionMemory';
import { useConsoleFlag } from '../../../shared/useConsoleFlag';
import { FLAGS } from '../../../shared/flags';
import { switchPortKey } from '../../switch-ports/logic/portKey';
import type { VlanMismatch } from '../../switch-ports/model/types';
import { useTopologyUrlState } from './useTopologyUrlState';
import { useAfterPaint } from '../../../shared/ui/useAfterPaint';
import './topology.css';

// The side panel (with the details, YAML and failure parsers it needs) and the table view load
// when first shown: the graph is what the page opens with, and both are about a third of the
// page's bytes.
const InterfacePanel = lazy(() =>
  import('./InterfacePanel').then((m) => ({ default: m.InterfacePanel })),
);
const TopologyTable = lazy(() =>
  import('./TopologyTable').then((m) => ({ default: m.TopologyTable })),
);

const SwitchPortMismatchProbe = lazy(() =>
  import('./SwitchPortMismatchProbe').then((m) => ({ default: m.SwitchPortMismatchProbe })),
);

const NO_MISMATCHES: ReadonlyMap<string, VlanMismatch[]> = new Map();
const NO_POSITIONS: ReadonlyMap<string, Point> = new Map();
const NO_MODEL: Model = { nodes: [], edges: [] };

/** Above this many nodes the cluster view shows summary nodes, expanded one by one on click. */
export const FOLD_NODES_ABOVE = 12;

interface TopologyExplorerProps {
  /** Show this node only, expanded. */
  node?: string;
  testId: string;
}

export function TopologyExplorer({ node, testId }: TopologyExplorerProps) {
  const { t } = usePluginTranslation();
  const data = useTopologyData(node);
  const url = useTopologyUrlState();
  // Switch ports that do not carry a VLAN their hosts need (the switch-ports VLAN check).
  const hasMetal3 = useConsoleFlag(FLAGS.metal3);
  const [checked, setChecked] = useState<ReadonlyMap<string, VlanMismatch[]>>(NO_MISMATCHES);
  const mismatchesByPort = hasMetal3 === true ? checked : NO_MISMATCHES;
  const portMismatches = useMemo(
    () => new Map([...mismatchesByPort].map(([k, v]) => [k, v.length])),
    [mismatchesByPort],
  );
  const [expanded, setExpanded] = useState<string[]>([]);
  const options: TopologyOptions = {
    showInternal: url.showInternal,
    filter: url.filter,
    ...(node === undefined
      ? { foldNodesAbove: FOLD_NODES_ABOVE, expandedNodes: expanded }
      : { expandedNodes: [node] }),
  };
  const graph = useTopologyGraph(data, options, url.view === 'graph');
  const tableGraph = useTopologyGraph(
    data,
    { showInternal: url.showInternal, filter: url.filter },
    url.view === 'table',
  );
  const shown = url.view === 'graph' ? graph : tableGraph;
  const memory = usePositionMemory(node === undefined ? 'cluster' : `node.${node}`);
  // Laid out and modelled once the node states are all listed (the page shows a spinner until
  // then): the graph is built page by page as they arrive, but laying out every partial graph
  // cost a whole-graph pass per page (20 pages at 2,000 nodes) and would remember positions of a
  // layout the complete graph does not have.
  const listed = !data.result.isLoading;
  const positions = useMemo(() => {
    if (!listed) return NO_POSITIONS;
    const p = mergeTopologyLayout(graph, memory.memory, memory.pinned);
    memory.remember(p);
    return p;
  }, [listed, graph, memory]);
  const dataCache = useRef<ElementDataCache>(new Map());
  const model = useMemo(
    () =>
      listed
        ? toPatternFlyModel(graph, {
            positions,
            dataCache: dataCache.current,
            highlightPolicy: url.highlightPolicy,
            portMismatches,
          })
        : NO_MODEL,
    [listed, graph, positions, url.highlightPolicy, portMismatches],
  );
  const hiddenInternal = useMemo(
    () => shown.groups.reduce((s, g) => s + (g.kind === 'node' ? g.hiddenInternal : 0), 0),
    [shown],
  );
  const folded = shown.nodes.some((n) => n.kind === 'node-summary');
  const { setSelected } = url;
  const onSelect = useCallback(
    (id: string | undefined) => {
      if (id?.startsWith('summary:')) {
        const name = id.slice('summary:'.length);
        setExpanded((e) => (e.includes(name) ? e : [...e, name]));
        return;
      }
      if (id?.startsWith('node:') || id?.startsWith('switch:')) return;
      setSelected(id);
    },
    [setSelected],
  );
  const switchPort = useMemo(
    () =>
      url.selected?.startsWith('lldp:')
        ? graph.nodes.find(
            (n): n is SwitchPortGraphNode => n.kind === 'switch-port' && n.id === url.selected,
          )
        : undefined,
    [graph, url.selected],
  );
  // The cluster view's check reads the page's NNS and Node digests rather than listing them again
  // (topology/logic/leanDigests.ts keeps what it reads).
  const sharedLists = useMemo(
    () =>
      node === undefined
        ? {
            nodeNetworkStates: data.nodeNetworkStates,
            nodes: data.nodes,
            isLoading: data.result.isLoading || data.nodesLoading,
          }
        : undefined,
    [node, data.nodeNetworkStates, data.nodes, data.result.isLoading, data.nodesLoading],
  );
  // The check mounts once the node states are listed and the graph they make was painted: its
  // own lists (hosts, their inventories, pods, NADs) then neither compete with the graph's for
  // the network and the main thread nor delay its first frames, and its marks follow the graph.
  const checkNow = useAfterPaint(listed);
  const empty = data.nodeNetworkStates.length === 0;
  const noMatch = !empty && shown.nodes.length === 0;

  return (
    <div className="sb-topology" data-test={testId}>
      {hasMetal3 === true && checkNow && (
        <Suspense fallback={null}>
          <SwitchPortMismatchProbe node={node} shared={sharedLists} onChange={setChecked} />
        </Suspense>
      )}
      <DataState result={data.result} testId="topology">
        <TopologyToolbar
          filter={url.filter}
          errors={url.filterErrors}
          onFilterChange={url.setFilter}
          view={url.view}
          onViewChange={url.setView}
          showInternal={url.showInternal}
          hiddenInternal={hiddenInternal}
          onShowInternalChange={url.setShowInternal}
          singleNode={node !== undefined}
        />
        <Flex
          justifyContent={{ default: 'justifyContentSpaceBetween' }}
          className="sb-topology__meta"
        >
          <FlexItem>
            <TopologyLegend highlightPolicy={url.highlightPolicy} />
          </FlexItem>
          {folded && (
            <FlexItem data-test="fold-hint">
              {t('{{count}} nodes are folded; click one to expand it.', {
                count: shown.nodes.filter((n) => n.kind === 'node-summary').length,
              })}
              {expanded.length > 0 && (
                <Button
                  variant="link"
                  onClick={() => {
                    memory.forgetLaidOut();
                    setExpanded([]);
                  }}
                  data-test="fold-all"
                >
                  {t('Fold expanded nodes')}
                </Button>
              )}
            </FlexItem>
          )}
        </Flex>
        <TopologyNotes notes={shown.notes} />
        {empty ? (
          <EmptyState
            titleText={
              node === undefined
                ? t('No node network state reported yet')
                : t('{{node}} has no node network state', { node })
            }
            headingLevel="h2"
            data-test="topology-empty"
          >
            <EmptyStateBody>
              {t('The nmstate handler reports each node’s network state once it runs there.')}
            </EmptyStateBody>
          </EmptyState>
        ) : noMatch && !isEmptyTopologyFilter(url.filter) ? (
          <EmptyState
            titleText={t('Nothing matches the filter')}
            headingLevel="h2"
            data-test="topology-no-match"
          >
            <EmptyStateBody>
              <Button variant="link" onClick={() => url.setFilter({})}>
                {t('Clear filters')}
              </Button>
            </EmptyStateBody>
          </EmptyState>
        ) : (
          <Drawer isExpanded={url.selected !== undefined} isInline position="end">
            <DrawerContent
              panelContent={
                url.selected !== undefined ? (
                  <Suspense fallback={<Spinner size="lg" />}>
                    <InterfacePanel
                      selectedId={url.selected}
                      data={data}
                      switchPort={switchPort}
                      switchPortMismatches={
                        switchPort
                          ? mismatchesByPort.get(
                              switchPortKey(switchPort.chassisId, switchPort.portId),
                            )
                          : undefined
                      }
                      onClose={() => setSelected(undefined)}
                    />
                  </Suspense>
                ) : undefined
              }
            >
              <DrawerContentBody>
                {url.view === 'graph' ? (
                  <TopologyGraphView
                    model={model}
                    selectedId={url.selected}
                    onSelect={onSelect}
                    onMoved={memory.drag}
                    fitKey={`${node ?? ''}|${url.view}|${url.showInternal}|${JSON.stringify(url.filter)}`}
                  />
                ) : (
                  <Suspense fallback={<Spinner size="lg" />}>
                    <TopologyTable
                      graph={tableGraph}
                      selectedId={url.selected}
                      onSelect={onSelect}
                    />
                  </Suspense>
                )}
              </DrawerContentBody>
            </DrawerContent>
          </Drawer>
        )}
      </DataState>
    </div>
  );
}
