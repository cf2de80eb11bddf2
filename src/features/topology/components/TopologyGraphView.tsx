// The react-topology canvas. The controller is created once per mount and fed with
// `fromModel(model, merge)`, so a live update only adds, removes or changes the elements that
// differ; positions come from the model (see mergeTopologyLayout), never from a library layout.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  DRAG_NODE_END_EVENT,
  SELECTION_EVENT,
  TopologyControlBar,
  TopologyView,
  Visualization,
  VisualizationProvider,
  VisualizationSurface,
  action,
  createTopologyControlButtons,
  defaultControlButtonsOptions,
  isNode,
} from '@patternfly/react-topology';
import type { GraphElement, Model, Node } from '@patternfly/react-topology';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { componentFactory } from './componentFactory';
import { GraphTranslationProvider } from './graphTranslation';
import type { Point } from '../logic/layout';
import { NODE_SIZE } from '../logic/layout';
import { ELEMENT_TYPES } from './toPatternFlyModel';
import { progressiveStep } from './progressiveDraw';
import { modelDelta } from './modelDelta';
import { installRenderWindow } from './renderWindow';

interface TopologyGraphViewProps {
  model: Model;
  selectedId?: string;
  onSelect: (id: string | undefined) => void;
  /** A node was dragged: its new top-left (and, for a group, its children's). */
  onMoved: (moved: Map<string, Point>) => void;
  /** Changes when the set of shown things changes enough to fit the view again (view, node). */
  fitKey: string;
}

/** The layout's top-left of a node: interface nodes wider than NODE_SIZE are drawn centred. */
function topLeftOf(node: Node): Point {
  const b = node.getBounds();
  const extra = node.getType() === ELEMENT_TYPES.interface ? (b.width - NODE_SIZE) / 2 : 0;
  return { x: b.x + extra, y: b.y };
}

export function TopologyGraphView({
  model,
  selectedId,
  onSelect,
  onMoved,
  fitKey,
}: TopologyGraphViewProps) {
  const { t } = usePluginTranslation();
  const controller = useMemo(() => {
    const v = new Visualization();
    v.registerComponentFactory(componentFactory);
    return v;
  }, []);
  useEffect(() => installRenderWindow(controller), [controller]);
  const handlers = useRef({ onSelect, onMoved });
  handlers.current = { onSelect, onMoved };
  const fitted = useRef<string | null>(null);

  useEffect(() => {
    const select = (ids: string[]) => handlers.current.onSelect(ids[0]);
    const dragEnd = (element: GraphElement) => {
      if (!isNode(element)) return;
      const moved = new Map<string, Point>();
      const nodes = element.isGroup() ? element.getAllNodeChildren() : [element];
      for (const n of nodes) moved.set(n.getId(), topLeftOf(n));
      handlers.current.onMoved(moved);
    };
    controller.addEventListener(SELECTION_EVENT, select);
    controller.addEventListener(DRAG_NODE_END_EVENT, dragEnd);
    return () => {
      controller.removeEventListener(SELECTION_EVENT, select);
      controller.removeEventListener(DRAG_NODE_END_EVENT, dragEnd);
    };
  }, [controller]);

  // What the controller holds, and whether it holds all of `model` (see progressiveDraw).
  const drawnIds = useRef<ReadonlySet<string>>(new Set());
  // The model the controller holds in full, once a draw is complete (see modelDelta).
  const drawnModel = useRef<Model | null>(null);
  const [drawnAll, setDrawnAll] = useState(true);
  const drawnAllRef = useRef(true);
  // A layout effect, so the elements of a model change (an expanded node) are in the same frame
  // as the render that produced the model rather than one frame later. A model with many new
  // elements (the first draw of a cluster, a filter cleared) is drawn in steps, one task each.
  useLayoutEffect(() => {
    let timer = 0;
    const setAll = (all: boolean) => {
      if (drawnAllRef.current === all) return;
      drawnAllRef.current = all;
      setDrawnAll(all);
    };
    const apply = (next: ReturnType<typeof progressiveStep>) => {
      controller.fromModel(next.model, true);
      // A whole cluster is wider than the library's default zoom range allows to fit.
      controller.getGraph().setScaleExtent([0.05, 2]);
      drawnIds.current = next.ids;
      drawnModel.current = next.complete ? model : null;
      setAll(next.complete);
      if (!next.complete) timer = window.setTimeout(step, 0);
    };
    const step = () => apply(progressiveStep(model, drawnIds.current));
    const delta = drawnModel.current ? modelDelta(drawnModel.current, model) : null;
    if (delta) {
      // Nothing added or removed (a live update): only the changed elements are touched.
      action(() => {
        for (const m of [...delta.nodes, ...delta.edges])
          controller.getElementById(m.id)?.setModel(m);
      })();
      drawnModel.current = model;
    } else {
      const first = progressiveStep(model, drawnIds.current);
      // A model drawn in several steps (the first draw of a cluster) starts in a task of its
      // own: the task that made it (the last page of node states, the layout of every node) is
      // long enough already. One step (an expanded node) is drawn in this frame.
      if (first.complete) apply(first);
      else {
        // The surface mounts (and measures itself, which the fit waits for) only once the
        // controller has a graph: give it the graph now rather than with the first step.
        if (!controller.hasGraph() && model.graph)
          controller.fromModel({ graph: model.graph, nodes: [], edges: [] }, true);
        setAll(false);
        timer = window.setTimeout(() => apply(first), 0);
      }
    }
    return () => window.clearTimeout(timer);
  }, [controller, model]);

  const hasNodes = (model.nodes?.length ?? 0) > 0;
  useEffect(() => {
    // Fitting part of a model drawn in steps would zoom to the first steps' nodes.
    if (fitted.current === fitKey || !hasNodes || !drawnAll) return;
    // Fit once the surface has measured itself (it does so asynchronously after mounting, later
    // on a busy machine); live updates in between must not cancel it, and later ones keep the
    // user's pan and zoom.
    let timer = 0;
    const fitWhenMeasured = (tries: number) => {
      timer = window.setTimeout(
        action(() => {
          const graph = controller.getGraph();
          const { width, height } = graph.getDimensions();
          if ((width === 0 || height === 0) && tries > 0) {
            fitWhenMeasured(tries - 1);
            return;
          }
          graph.fit(60);
          fitted.current = fitKey;
        }),
        50,
      );
    };
    fitWhenMeasured(200);
    return () => window.clearTimeout(timer);
  }, [controller, fitKey, hasNodes, drawnAll]);

  const state = useMemo(() => ({ selectedIds: selectedId ? [selectedId] : [] }), [selectedId]);

  // Built once per controller: the buttons' tooltips each run a computed-style lookup when they
  // render, which a re-render on every model update (expand, live event) would repeat.
  const controlBar = useMemo(
    () => (
      <TopologyControlBar
        controlButtons={createTopologyControlButtons({
          ...defaultControlButtonsOptions,
          zoomInTip: t('Zoom in'),
          zoomInAriaLabel: t('Zoom in'),
          zoomOutTip: t('Zoom out'),
          zoomOutAriaLabel: t('Zoom out'),
          fitToScreenTip: t('Fit to screen'),
          fitToScreenAriaLabel: t('Fit to screen'),
          resetViewTip: t('Reset view'),
          resetViewAriaLabel: t('Reset view'),
          zoomInCallback: action(() => {
            controller.getGraph().scaleBy(4 / 3);
          }),
          zoomOutCallback: action(() => {
            controller.getGraph().scaleBy(0.75);
          }),
          fitToScreenCallback: action(() => {
            controller.getGraph().fit(60);
          }),
          resetViewCallback: action(() => {
            controller.getGraph().reset();
          }),
          legend: false,
        })}
      />
    ),
    [controller, t],
  );

  return (
    <div className="sb-topology__canvas" data-test="topology-graph">
      <TopologyView controlBar={controlBar}>
        <VisualizationProvider controller={controller}>
          <GraphTranslationProvider>
            <VisualizationSurface state={state} />
          </GraphTranslationProvider>
        </VisualizationProvider>
      </TopologyView>
    </div>
  );
}
