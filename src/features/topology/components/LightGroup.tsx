// A group box drawn without the library's DefaultGroup, for the same reason as LightNode:
// DefaultGroup measures its label with getBBox after every render (a forced layout of the whole
// page), which made expanding a node on a large graph slow. The box is the group's bounds (the
// library computes them from the children plus padding), drawn in the groups layer so edges
// and nodes stay on top of it.
import { GROUPS_LAYER, Layer, observer } from '@patternfly/react-topology';
import type { Node, WithDragNodeProps } from '@patternfly/react-topology';

const CHAR_WIDTH = 7;
/** Member labels hang below their shapes, outside the bounds the library computes. */
const LABEL_ROOM = 44;

interface LightGroupProps extends WithDragNodeProps {
  element: Node;
  label: string;
  secondaryLabel?: string;
  danger?: boolean;
}

// An observer for the same reason as LightNode: the bounds are read in this render.
export const LightGroup = observer(function LightGroup({
  element,
  label,
  secondaryLabel,
  danger,
  dragNodeRef,
}: LightGroupProps) {
  const bounds = element.getBounds();
  const { x, y, width } = bounds;
  const height = bounds.height + LABEL_ROOM;
  const lines = secondaryLabel ? [label, secondaryLabel] : [label];
  const labelWidth = Math.max(...lines.map((l) => l.length)) * CHAR_WIDTH + 16;
  const labelHeight = lines.length * 18 + 8;
  const classes = ['pf-topology__group'];
  if (danger) classes.push('pf-m-danger');
  return (
    <g className={classes.join(' ')}>
      <Layer id={GROUPS_LAYER}>
        <g ref={dragNodeRef} className={classes.join(' ')}>
          <title>{lines.join('\n')}</title>
          <rect
            className="pf-topology__group__background"
            x={x}
            y={y}
            width={width}
            height={height}
            rx={16}
            ry={16}
          />
          <g
            className="pf-topology__group__label"
            transform={`translate(${x + width / 2 - labelWidth / 2}, ${y + height + 8})`}
          >
            <rect
              className="pf-topology__node__label__background"
              width={labelWidth}
              height={labelHeight}
              rx={8}
              ry={8}
            />
            {lines.map((line, i) => (
              <text
                key={i}
                className={i > 0 ? 'pf-m-secondary' : undefined}
                x={labelWidth / 2}
                y={18 + i * 18}
                textAnchor="middle"
              >
                {line}
              </text>
            ))}
          </g>
        </g>
      </Layer>
    </g>
  );
});
