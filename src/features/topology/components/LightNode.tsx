// A node drawn without the library's DefaultNode. DefaultNode reads the graph scale (so every
// node re-renders on every zoom step), measures its label with getBBox on mount and gives failing
// nodes an SVG shadow filter; with hundreds of nodes on screen that made zooming and expanding
// slow (bench: topology). This draws the same parts, with the library's shape (which registers
// the edge anchor) and its CSS classes, and observes the graph's details level (a computed that
// changes at two zoom thresholds) instead of its scale: zoomed far out, where text would be a few
// pixels high, a node is its shape alone, which keeps painting hundreds of nodes per frame cheap.
// The title (tooltip) always carries the full label.
import type { ReactNode } from 'react';
import {
  Decorator,
  ScaleDetailsLevel,
  TopologyQuadrant,
  getDefaultShapeDecoratorCenter,
  observer,
} from '@patternfly/react-topology';
import type { Node, WithDragNodeProps, WithSelectionProps } from '@patternfly/react-topology';
import { lightShapeComponent } from './lightShapes';
import ExclamationCircleIcon from '@patternfly/react-icons/dist/esm/icons/exclamation-circle-icon';

/** Approximate advance of one character of the label fonts: no text measuring. */
const CHAR_WIDTH = 7;
const SECONDARY_CHAR_WIDTH = 6;
const LABEL_HEIGHT = 22;
const LABEL_PADDING_X = 8;

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
}

export type LightNodeStatus = 'default' | 'warning' | 'danger';

interface LightNodeProps extends WithSelectionProps, WithDragNodeProps {
  element: Node;
  label: string;
  secondaryLabel?: string;
  truncateLength?: number;
  status?: LightNodeStatus;
  /** Text of the status decorator's accessible name, shown for `danger` nodes. */
  statusLabel?: string;
  /** More decorators (managed, link down). */
  attachments?: ReactNode;
  /** The icon or content inside the shape. */
  children?: ReactNode;
}

// An observer of its own: the details level is read here, in this component's render, so the
// caller's observer does not see the read and a node drawn before a zoom kept its old level
// (unlabelled after a fit until something else re-rendered it, e.g. a hover).
export const LightNode = observer(function LightNode({
  element,
  label,
  secondaryLabel,
  truncateLength = 24,
  status = 'default',
  statusLabel,
  attachments,
  children,
  selected,
  onSelect,
  dragNodeRef,
}: LightNodeProps) {
  const { width, height } = element.getDimensions();
  const level = element.getGraph().getDetailsLevel();
  const Shape = lightShapeComponent(element);
  const primary = truncate(label, truncateLength);
  const secondary = secondaryLabel ? truncate(secondaryLabel, truncateLength + 6) : undefined;
  const textWidth = Math.max(
    primary.length * CHAR_WIDTH,
    (secondary?.length ?? 0) * SECONDARY_CHAR_WIDTH,
  );
  const labelWidth = textWidth + 2 * LABEL_PADDING_X;
  const labelHeight =
    secondary && level === ScaleDetailsLevel.high ? LABEL_HEIGHT * 2 - 4 : LABEL_HEIGHT;
  const classes = ['pf-topology__node'];
  if (selected) classes.push('pf-m-selected');
  if (status !== 'default') classes.push(`pf-m-${status}`);
  const title = secondaryLabel ? `${label}\n${secondaryLabel}` : label;
  if (level === ScaleDetailsLevel.low) {
    return (
      <g className={classes.join(' ')}>
        <g ref={dragNodeRef} onClick={onSelect}>
          <title>{title}</title>
          <Shape
            className="pf-topology__node__background"
            element={element}
            width={width}
            height={height}
          />
        </g>
      </g>
    );
  }
  const full = level === ScaleDetailsLevel.high;
  const statusCenter = getDefaultShapeDecoratorCenter(TopologyQuadrant.upperLeft, element);
  return (
    <g className={classes.join(' ')}>
      <g ref={dragNodeRef} onClick={onSelect}>
        <Shape
          className="pf-topology__node__background"
          element={element}
          width={width}
          height={height}
        />
        <g
          className="pf-topology__node__label"
          transform={`translate(${width / 2 - labelWidth / 2}, ${height + 6})`}
        >
          <title>{title}</title>
          <rect
            className="pf-topology__node__label__background"
            width={labelWidth}
            height={labelHeight}
            rx={labelHeight / 2}
            ry={labelHeight / 2}
          />
          <text x={labelWidth / 2} y={15} textAnchor="middle">
            {primary}
          </text>
          {full && secondary && (
            <text className="pf-m-secondary" x={labelWidth / 2} y={33} textAnchor="middle">
              {secondary}
            </text>
          )}
        </g>
        {children}
      </g>
      {status === 'danger' && (
        <Decorator
          x={statusCenter.x}
          y={statusCenter.y}
          radius={12}
          showBackground
          ariaLabel={statusLabel ?? status}
          icon={
            <g className="pf-topology__node__decorator__status">
              <ExclamationCircleIcon />
            </g>
          }
        />
      )}
      {full && attachments}
    </g>
  );
});
