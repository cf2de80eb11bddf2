// Placeholder until the scenarios land: every scenario starts as an empty cluster.
import type { ClusterApi } from '../api';

export function loadScenario(_name: string, _api: ClusterApi, _options: { nodes?: number }): void {
  /* no scenario data yet */
}
