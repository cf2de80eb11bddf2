// The canvas keeps in the DOM the nodes inside a render window (logic/renderWindow.ts) rather
// than those inside the live view.
//
// react-topology renders a node only while it is in view (Visualization.shouldRenderNode, on by
// default): each node's check is a computed value that reads the graph's position and scale, so
// every pan or zoom step ran one check per node. At 2,000 nodes that was 7–14 ms of script in
// each frame of a drag (Chromium trace, 2026-12-07), and frames were dropped. Checked against a
// window that moves only when the view leaves it or zooms far into it, a drag inside the window
// runs no check at all, and a zoom runs them once per window rather than once per step.
import {
  GRAPH_POSITION_CHANGE_EVENT,
  action,
  type Node,
  type Visualization,
} from '@patternfly/react-topology';
import {
  intersects,
  renderWindow,
  windowOutdated,
  type Rect,
  type View,
} from '../logic/renderWindow';

/** After the view stops moving, the window is fitted to it again (zoomed in: fewer nodes). */
const SETTLED_MS = 250;

/**
 * The controller's own observable that each node's check reads: publishing a window replaces it
 * (setRenderConstraint), which makes the checks run again. It is private in the library's types,
 * so it is read by name, and a library without it keeps its own view check.
 */
const PADDING_FIELD = 'viewPaddingSettings';

/** Installs the window on `controller`; returns the uninstaller. */
export function installRenderWindow(controller: Visualization): () => void {
  if (!(PADDING_FIELD in controller)) return () => undefined;
  const original = controller.shouldRenderNode.bind(controller);
  let current: Rect | undefined;
  let settled = 0;
  const viewOf = (): View | undefined => {
    if (!controller.hasGraph()) return undefined;
    const graph = controller.getGraph();
    const b = graph.getBounds();
    return { x: b.x, y: b.y, width: b.width, height: b.height, scale: graph.getScale() };
  };
  const publish = action(() => {
    const view = viewOf();
    current = view && renderWindow(view);
    controller.setRenderConstraint(true, { padding: 0 });
  });
  const onMove = () => {
    const view = viewOf();
    if (view && windowOutdated(current, view)) publish();
    window.clearTimeout(settled);
    settled = window.setTimeout(publish, SETTLED_MS);
  };
  controller.shouldRenderNode = (node: Node) => {
    // Tracked by the node's computed check: a published window makes it run again.
    Reflect.get(controller, PADDING_FIELD);
    // No window yet (no measured view): every node, as before the first fit.
    return current ? intersects(node.getBounds(), current) : true;
  };
  controller.addEventListener(GRAPH_POSITION_CHANGE_EVENT, onMove);
  return () => {
    controller.removeEventListener(GRAPH_POSITION_CHANGE_EVENT, onMove);
    window.clearTimeout(settled);
    controller.shouldRenderNode = original;
  };
}
