// A host page for stand-in tests (route /stand-in/probe): it calls the shared SDK module's
// useK8sWatchResource, exactly the function plugins receive, with the resource given in the URL
// (?resource=<json>, "null" for none) and prints what the hook returns, so Playwright can check
// the console's watch behaviour without depending on how a plugin page presents it.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { K8sResourceCommon, WatchK8sResource } from '@openshift-console/dynamic-plugin-sdk';
import { sdkModule } from '../sdk';

function describeError(err: unknown): unknown {
  if (err === undefined) return { undefined: true };
  if (!(err instanceof Error)) return err;
  const e = err as Error & { code?: unknown };
  return { name: e.name, message: e.message, code: e.code ?? null };
}

function describeData(data: unknown): unknown {
  if (data === undefined) return { undefined: true };
  const item = (o: K8sResourceCommon) => ({
    name: o.metadata?.name,
    rv: o.metadata?.resourceVersion,
    labels: o.metadata?.labels ?? {},
  });
  if (Array.isArray(data)) return (data as K8sResourceCommon[]).map(item);
  if (data && typeof data === 'object' && 'metadata' in data)
    return item(data as K8sResourceCommon);
  return data;
}

let renders = 0;

function Watcher({ resource }: { resource: WatchK8sResource | null }) {
  const [data, loaded, loadError] = sdkModule.useK8sWatchResource<K8sResourceCommon[]>(
    resource,
  ) as [unknown, boolean, unknown];
  renders++;
  return (
    <pre data-test="probe-state">
      {JSON.stringify({
        data: describeData(data),
        loaded,
        loadError: describeError(loadError),
        renders,
      })}
    </pre>
  );
}

export function Probe() {
  const [params] = useSearchParams();
  const [mounted, setMounted] = useState(true);
  const resource = JSON.parse(params.get('resource') ?? 'null') as WatchK8sResource | null;
  return (
    <div data-test="probe">
      <button type="button" data-test="probe-toggle" onClick={() => setMounted((m) => !m)}>
        {mounted ? 'Unmount' : 'Mount'}
      </button>
      {mounted && <Watcher resource={resource} />}
    </div>
  );
}
