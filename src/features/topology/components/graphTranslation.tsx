// One translation hook for the whole graph instead of one per element. react-i18next's
// useTranslation subscribes each caller to the i18n instance's events (a state, an effect and two
// listeners per component); at 500 nodes the graph mounts thousands of elements in the task that
// first draws it, and those subscriptions were a sixth of that task. The elements read the
// function from context; it changes, and they re-render, when the language does.
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';

type Translate = ReturnType<typeof usePluginTranslation>['t'];

const GraphTranslation = createContext<Translate | null>(null);

export function GraphTranslationProvider({ children }: { children: ReactNode }) {
  const { t } = usePluginTranslation();
  return <GraphTranslation.Provider value={t}>{children}</GraphTranslation.Provider>;
}

/** The plugin's `t` inside the graph (TopologyGraphView provides it). */
export function useGraphTranslation(): { t: Translate } {
  const t = useContext(GraphTranslation);
  if (t === null) throw new Error('graph elements render inside GraphTranslationProvider');
  return { t };
}
