// Discovery into the store: the SDK's own action creators mark the request in flight and deliver
// the models; the k8s and FLAGS reducers take them from there.
import {
  getResourcesInFlight,
  receivedResources,
} from '@openshift-console/dynamic-plugin-sdk/lib/app/k8s/actions/k8s';
import type { DiscoveryResources } from '@openshift-console/dynamic-plugin-sdk/lib/api/common-types';
import { loadModels, DISCOVERY_INTERVAL_MS } from '../sdk/models';
import { store } from './store';

export async function discover(): Promise<void> {
  store.dispatch(getResourcesInFlight());
  const models = await loadModels();
  store.dispatch(receivedResources({ models } as unknown as DiscoveryResources));
}

/** First discovery now, then again every minute like the console. */
export function startDiscovery(intervalMs = DISCOVERY_INTERVAL_MS): Promise<void> {
  const first = discover();
  setInterval(() => {
    discover().catch((err: unknown) => console.warn('API discovery failed', err));
  }, intervalMs);
  return first;
}
