// Stadium and rhombus node shapes that register polygon anchors. The library's own register an
// SVG path anchor, which finds where an edge meets the outline by sampling the path with
// getPointAtLength, dozens of calls per edge end: about a quarter of the time expanding a node
// took at 500 nodes (OVS internal interfaces are stadiums). A polygon anchor computes the
// intersection: exact for the rhombus's outline, and within a pixel of the stadium's rounded ends
// for the polygon that follows them. The outlines drawn are the library's.
import { useMemo } from 'react';
import type { FunctionComponent } from 'react';
import {
  NodeShape,
  RHOMBUS_CORNER_RADIUS,
  getHullPath,
  getShapeComponent,
  usePolygonAnchor,
} from '@patternfly/react-topology';
import type { Node, PointTuple, ShapeProps } from '@patternfly/react-topology';

/** Points on each rounded end of a stadium, for its anchor polygon. */
const CAP_STEPS = 6;

function stadiumOutline(width: number, height: number): PointTuple[] {
  const r = height / 2;
  const points: PointTuple[] = [];
  for (let i = 0; i <= CAP_STEPS; i++) {
    const a = -Math.PI / 2 + (Math.PI * i) / CAP_STEPS;
    points.push([width - r + r * Math.cos(a), r + r * Math.sin(a)]);
  }
  for (let i = 0; i <= CAP_STEPS; i++) {
    const a = Math.PI / 2 + (Math.PI * i) / CAP_STEPS;
    points.push([r + r * Math.cos(a), r + r * Math.sin(a)]);
  }
  return points;
}

function LightStadium({ className, width, height, filter, dndDropRef }: ShapeProps) {
  const [outline, path] = useMemo(() => {
    const r = height / 2;
    const centres: PointTuple[] = [
      [r, r],
      [width - r, r],
      [width - r, r],
      [r, r],
    ];
    return [stadiumOutline(width, height), getHullPath(centres, r)];
  }, [width, height]);
  usePolygonAnchor(outline);
  return <path className={className} ref={dndDropRef} d={path} filter={filter} />;
}

function rhombusPoints(width: number, height: number, padding: number): PointTuple[] {
  return [
    [width / 2, -padding],
    [width + padding, height / 2],
    [width / 2, height + padding],
    [-padding, height / 2],
  ];
}

function LightRhombus({
  className,
  width,
  height,
  filter,
  cornerRadius = RHOMBUS_CORNER_RADIUS,
  dndDropRef,
}: ShapeProps) {
  const [outline, path] = useMemo(
    () => [
      rhombusPoints(width, height, 0),
      getHullPath(rhombusPoints(width, height, -cornerRadius), cornerRadius),
    ],
    [width, height, cornerRadius],
  );
  usePolygonAnchor(outline);
  return <path className={className} ref={dndDropRef} d={path} filter={filter} />;
}

/** The shape component for a node: the library's, but stadium and rhombus as above. */
export function lightShapeComponent(node: Node): FunctionComponent<ShapeProps> {
  switch (node.getNodeShape()) {
    case NodeShape.stadium:
      return LightStadium;
    case NodeShape.rhombus:
      return LightRhombus;
    default:
      return getShapeComponent(node);
  }
}
