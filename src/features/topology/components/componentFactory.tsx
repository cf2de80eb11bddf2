// How each element of the topology model is drawn: interfaces by kind (shape from the mapper,
// an icon inside), status decorators for down links and failing policies, the managing policy
// names under the label; summary nodes for folded cluster nodes; LLDP switch ports.
import type { ComponentType, ReactNode } from 'react';
import {
  DefaultEdge,
  Decorator,
  GraphComponent,
  ModelKind,
  TopologyQuadrant,
  getDefaultShapeDecoratorCenter,
  observer,
  withDragNode,
  withPanZoom,
  withSelection,
} from '@patternfly/react-topology';
import type {
  ComponentFactory,
  Edge,
  GraphElement,
  Node,
  WithDragNodeProps,
  WithSelectionProps,
} from '@patternfly/react-topology';
import type { SVGIconProps } from '@patternfly/react-icons/dist/esm/createIcon';
import ArrowDownIcon from '@patternfly/react-icons/dist/esm/icons/arrow-down-icon';
import CubesIcon from '@patternfly/react-icons/dist/esm/icons/cubes-icon';
import EthernetIcon from '@patternfly/react-icons/dist/esm/icons/ethernet-icon';
import FileCodeIcon from '@patternfly/react-icons/dist/esm/icons/file-code-icon';
import LayerGroupIcon from '@patternfly/react-icons/dist/esm/icons/layer-group-icon';
import LinkIcon from '@patternfly/react-icons/dist/esm/icons/link-icon';
import NetworkWiredIcon from '@patternfly/react-icons/dist/esm/icons/network-wired-icon';
import PortIcon from '@patternfly/react-icons/dist/esm/icons/port-icon';
import ProjectDiagramIcon from '@patternfly/react-icons/dist/esm/icons/project-diagram-icon';
import ServerIcon from '@patternfly/react-icons/dist/esm/icons/server-icon';
import TagIcon from '@patternfly/react-icons/dist/esm/icons/tag-icon';
import { useGraphTranslation } from './graphTranslation';
import { LightGroup } from './LightGroup';
import { LightNode } from './LightNode';
import type { TopologyElementData } from './toPatternFlyModel';
import { ELEMENT_TYPES } from './toPatternFlyModel';

const ICON_SIZE = 22;

function iconFor(type: string): ComponentType<SVGIconProps> {
  switch (type) {
    case 'ethernet':
    case 'infiniband':
      return EthernetIcon;
    case 'bond':
    case 'team':
      return LayerGroupIcon;
    case 'linux-bridge':
    case 'ovs-bridge':
      return ProjectDiagramIcon;
    case 'ovs-interface':
      return PortIcon;
    case 'vlan':
      return TagIcon;
    case 'vxlan':
    case 'mac-vlan':
    case 'mac-vtap':
    case 'ipvlan':
    case 'vrf':
      return NetworkWiredIcon;
    case 'veth':
      return LinkIcon;
    default:
      return CubesIcon;
  }
}

function dataOf(element: GraphElement): TopologyElementData | undefined {
  const data: unknown = element.getData();
  return typeof data === 'object' && data !== null ? (data as TopologyElementData) : undefined;
}

function CenteredIcon({ element, children }: { element: Node; children: ReactNode }) {
  const { width, height } = element.getDimensions();
  return (
    <g transform={`translate(${(width - ICON_SIZE) / 2}, ${(height - ICON_SIZE) / 2})`}>
      {children}
    </g>
  );
}

type NodeProps = { element: GraphElement } & WithSelectionProps & WithDragNodeProps;

const InterfaceNode = observer(function InterfaceNode({
  element,
  selected,
  onSelect,
  dragNodeRef,
}: NodeProps) {
  const { t } = useGraphTranslation();
  const node = element as Node;
  const data = dataOf(element);
  if (data?.kind !== 'interface') return null;
  const { iface, highlighted } = data;
  const Icon = iconFor(iface.type);
  const typeText = iface.rawType ?? iface.type;
  const typeLabel = iface.vlanId !== undefined ? `${typeText} ${iface.vlanId}` : typeText;
  // The failing policy is the first thing to read; otherwise who manages the interface.
  const secondary =
    iface.failingPolicies.length > 0
      ? t('{{type}} · failing: {{policies}}', {
          type: typeLabel,
          policies: iface.failingPolicies.join(', '),
        })
      : iface.managedBy.length > 0
        ? t('{{type}} · {{policies}}', { type: typeLabel, policies: iface.managedBy.join(', ') })
        : typeLabel;
  const down = iface.state !== 'up';
  const managedCenter = getDefaultShapeDecoratorCenter(TopologyQuadrant.upperRight, node);
  const downCenter = getDefaultShapeDecoratorCenter(TopologyQuadrant.lowerLeft, node);
  const classes = ['sb-topology-iface'];
  if (iface.failing) classes.push('sb-topology-iface--failing');
  if (down) classes.push('sb-topology-iface--down');
  if (highlighted) classes.push('sb-topology-iface--highlighted');
  return (
    <g
      data-test={`iface-${iface.id}`}
      data-failing={String(iface.failing)}
      data-state={iface.state}
      data-highlighted={String(highlighted)}
      className={classes.join(' ')}
    >
      <LightNode
        element={node}
        label={iface.name}
        secondaryLabel={secondary}
        truncateLength={26}
        selected={selected}
        onSelect={onSelect}
        dragNodeRef={dragNodeRef}
        status={iface.failing ? 'danger' : 'default'}
        statusLabel={t('Failing: {{policies}}', { policies: iface.failingPolicies.join(', ') })}
        attachments={
          <>
            {iface.managedBy.length > 0 && (
              <Decorator
                x={managedCenter.x}
                y={managedCenter.y}
                radius={9}
                showBackground
                ariaLabel={t('Managed by {{policies}}', { policies: iface.managedBy.join(', ') })}
                icon={<FileCodeIcon width={10} height={10} />}
              />
            )}
            {down && (
              <Decorator
                x={downCenter.x}
                y={downCenter.y}
                radius={9}
                showBackground
                ariaLabel={t('Link state: {{state}}', { state: iface.state })}
                icon={<ArrowDownIcon width={10} height={10} />}
              />
            )}
          </>
        }
      >
        <CenteredIcon element={node}>
          <Icon width={ICON_SIZE} height={ICON_SIZE} />
        </CenteredIcon>
      </LightNode>
    </g>
  );
});

const SummaryNode = observer(function SummaryNode({
  element,
  selected,
  onSelect,
  dragNodeRef,
}: NodeProps) {
  const { t } = useGraphTranslation();
  const data = dataOf(element);
  if (data?.kind !== 'node-summary') return null;
  const { summary, highlighted } = data;
  const failing = summary.counts.failing > 0;
  const secondary = failing
    ? t('{{count}} interfaces, {{failing}} failing', {
        count: summary.counts.matching,
        failing: summary.counts.failing,
      })
    : t('{{count}} interfaces', { count: summary.counts.matching });
  return (
    <g
      data-test={`summary-${summary.node}`}
      data-failing={String(failing)}
      className={`sb-topology-summary${highlighted ? ' sb-topology-iface--highlighted' : ''}`}
    >
      <LightNode
        element={element as Node}
        label={summary.node}
        secondaryLabel={secondary}
        selected={selected}
        onSelect={onSelect}
        dragNodeRef={dragNodeRef}
        status={failing ? 'danger' : 'default'}
        statusLabel={secondary}
      >
        <g transform={`translate(12, ${(element as Node).getDimensions().height / 2 - 11})`}>
          <ServerIcon width={ICON_SIZE} height={ICON_SIZE} />
        </g>
      </LightNode>
    </g>
  );
});

const SwitchPortNode = observer(function SwitchPortNode({
  element,
  selected,
  onSelect,
  dragNodeRef,
}: NodeProps) {
  const data = dataOf(element);
  if (data?.kind !== 'switch-port') return null;
  const { port } = data;
  const vlans = port.vlans.length > 0 ? `VLAN ${port.vlans.join(',')}` : undefined;
  return (
    <g
      data-test={`switch-port-${port.id}`}
      data-vlan-mismatch={data.vlanMismatches > 0 ? 'true' : undefined}
    >
      <LightNode
        element={element as Node}
        label={port.portId}
        secondaryLabel={vlans}
        truncateLength={22}
        selected={selected}
        onSelect={onSelect}
        dragNodeRef={dragNodeRef}
        status={data.vlanMismatches > 0 ? 'warning' : 'default'}
      >
        <CenteredIcon element={element as Node}>
          <PortIcon width={ICON_SIZE} height={ICON_SIZE} />
        </CenteredIcon>
      </LightNode>
    </g>
  );
});

type GroupProps = { element: GraphElement } & WithDragNodeProps;

const NodeGroupComponent = observer(function NodeGroupComponent({
  element,
  dragNodeRef,
}: GroupProps) {
  const { t } = useGraphTranslation();
  const data = dataOf(element);
  if (data?.kind !== 'node') return null;
  const { group } = data;
  const failing = group.failingPolicies.length > 0;
  return (
    <g
      data-test={`group-${group.node}`}
      data-failing={String(failing)}
      className={`sb-topology-group${failing ? ' sb-topology-group--failing' : ''}`}
    >
      <LightGroup
        element={element as Node}
        label={group.node}
        secondaryLabel={
          failing
            ? t('Failing: {{policies}}', { policies: group.failingPolicies.join(', ') })
            : undefined
        }
        danger={failing}
        dragNodeRef={dragNodeRef}
      />
    </g>
  );
});

const SwitchGroupComponent = observer(function SwitchGroupComponent({ element }: GroupProps) {
  const data = dataOf(element);
  if (data?.kind !== 'switch') return null;
  const { group } = data;
  return (
    <g data-test={`switch-${group.chassisId}`} className="sb-topology-switch">
      <LightGroup
        element={element as Node}
        label={group.systemName ?? group.chassisId}
        secondaryLabel={group.systemName ? group.chassisId : undefined}
      />
    </g>
  );
});

const EdgeComponent = observer(function EdgeComponent({ element }: { element: GraphElement }) {
  const edge = element as Edge;
  const data: unknown = edge.getData();
  const kind =
    typeof data === 'object' && data !== null && 'kind' in data ? String(data.kind) : 'edge';
  return (
    <g data-test={`edge-${edge.getId()}`} className={`sb-topology-edge sb-topology-edge--${kind}`}>
      <DefaultEdge element={element} />
    </g>
  );
});

// Built once: react-topology keys its element components by identity.
const SelectableInterface = withDragNode()(withSelection({ controlled: true })(InterfaceNode));
const SelectableSummary = withSelection({ controlled: true })(SummaryNode);
const SelectableSwitchPort = withSelection({ controlled: true })(SwitchPortNode);
const DraggableNodeGroup = withDragNode()(NodeGroupComponent);
const PannableGraph = withPanZoom()(GraphComponent);

export const componentFactory: ComponentFactory = (kind, type) => {
  if (kind === ModelKind.graph) return PannableGraph;
  if (kind === ModelKind.edge) return EdgeComponent;
  switch (type) {
    case ELEMENT_TYPES.interface:
      return SelectableInterface;
    case ELEMENT_TYPES.summary:
      return SelectableSummary;
    case ELEMENT_TYPES.switchPort:
      return SelectableSwitchPort;
    case ELEMENT_TYPES.nodeGroup:
      return DraggableNodeGroup;
    case ELEMENT_TYPES.switchGroup:
      return SwitchGroupComponent;
    default:
      return undefined;
  }
};
