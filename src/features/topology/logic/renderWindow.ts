// Which part of the graph the canvas keeps in the DOM while the user pans and zooms.
//
// The canvas renders only the nodes near the view. Checking that against the live view costs a
// check per node on every pan or zoom step, so the check is made against a window instead: the
// view grown by half its width and height on each side (as react-topology's own view check pads
// by default), in graph coordinates. The window moves only when the view leaves it or zooms far
// into it, and is fitted to the view again once the view has settled.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The canvas's view: its size in screen pixels, the graph's translation and its scale. */
export interface View {
  width: number;
  height: number;
  x: number;
  y: number;
  scale: number;
}

/** The part of the graph (graph coordinates) the view shows; undefined for an empty view. */
export function visibleArea(view: View): Rect | undefined {
  if (!(view.scale > 0) || !(view.width > 0) || !(view.height > 0)) return undefined;
  return {
    x: -view.x / view.scale,
    y: -view.y / view.scale,
    width: view.width / view.scale,
    height: view.height / view.scale,
  };
}

/** How far the window reaches past the view on each side, as a fraction of the view's size. */
export const WINDOW_MARGIN = 0.5;

/** The window for a view: its visible area grown by `margin` times its size on each side. */
export function renderWindow(view: View, margin = WINDOW_MARGIN): Rect | undefined {
  const a = visibleArea(view);
  if (!a) return undefined;
  return {
    x: a.x - a.width * margin,
    y: a.y - a.height * margin,
    width: a.width * (1 + 2 * margin),
    height: a.height * (1 + 2 * margin),
  };
}

export function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x + a.width > b.x && a.x < b.x + b.width && a.y + a.height > b.y && a.y < b.y + b.height;
}

/**
 * A window this many times the area of the view's own is too loose: the view zoomed in since it
 * was made, and it keeps far more nodes (and their zoom-dependent labels) in the DOM than needed.
 */
export const LOOSE_WINDOW_AREA = 2.25;

const area = (r: Rect): number => r.width * r.height;

/**
 * Whether the window must move now: the view shows graph outside it, or the view zoomed in so far
 * that the window is too loose. (Otherwise it is refitted only once the view settles.)
 */
export function windowOutdated(
  current: Rect | undefined,
  view: View,
  margin = WINDOW_MARGIN,
): boolean {
  const shown = visibleArea(view);
  const ideal = renderWindow(view, margin);
  if (!shown || !ideal) return false;
  return (
    current === undefined ||
    !contains(current, shown) ||
    area(current) > area(ideal) * LOOSE_WINDOW_AREA
  );
}
