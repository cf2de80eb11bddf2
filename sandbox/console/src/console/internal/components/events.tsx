// `@console/internal/components/events`: the SDK's ResourceEventStream is this module's
// WrappedResourceEventStream. Behaviour follows openshift/console release-4.22
// frontend/public/components/events.tsx:
// - the events of one object are watched with the field selector
//   `involvedObject.uid=<uid>,involvedObject.name=<name>,involvedObject.kind=<kind>` in the
//   object's namespace (every namespace for a cluster-scoped object);
// - newest first by last time (lastTimestamp, else eventTime, else firstTimestamp), at most 500;
// - each event shows its reason, the "Generated from <component>" line, its count when above one,
//   its last time and its message, as text; warnings are `data-test="event-warning"`, others
//   `data-test="event"`;
// - no event at all reads "No events"; a live stream says "Streaming events...".
import { useMemo } from 'react';
import { EmptyState, Label } from '@patternfly/react-core';
import { useK8sWatchResource } from '@openshift-console/dynamic-plugin-sdk';
import type { K8sResourceCommon } from '@openshift-console/dynamic-plugin-sdk';
import Timestamp from '../../shared/src/components/datetime/Timestamp';

const MAX_MESSAGES = 500;

interface EventKind extends K8sResourceCommon {
  reason?: string;
  message?: string;
  type?: string;
  count?: number;
  series?: { count?: number };
  lastTimestamp?: string;
  firstTimestamp?: string;
  eventTime?: string;
  source?: { component?: string; host?: string };
  reportingComponent?: string;
}

const lastTime = (e: EventKind): string =>
  e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? e.metadata?.creationTimestamp ?? '';

function EventStream({ fieldSelector, namespace }: { fieldSelector: string; namespace?: string }) {
  const watched = useK8sWatchResource<EventKind[]>({
    groupVersionKind: { version: 'v1', kind: 'Event' },
    isList: true,
    namespace,
    fieldSelector,
  });
  const events = watched[0];
  const loaded = watched[1];
  const error: unknown = watched[2];
  const sorted = useMemo(
    () =>
      [...events]
        .sort((a, b) => (lastTime(a) < lastTime(b) ? 1 : lastTime(a) > lastTime(b) ? -1 : 0))
        .slice(0, MAX_MESSAGES),
    [events],
  );
  // The store's loadError is '' until a list fails (k8sReducer), as in the console.
  if (error) return <EmptyState titleText="Error loading events" headingLevel="h2" />;
  if (loaded && sorted.length === 0)
    return <EmptyState titleText="No events" headingLevel="h2" data-test="no-events" />;
  return (
    <div className="co-sysevent-stream" data-test="event-stream">
      <div className="co-sysevent-stream__status">{loaded ? 'Streaming events...' : ''}</div>
      {sorted.map((e) => {
        const warning = e.type?.toLowerCase() === 'warning';
        const count = e.series?.count ?? e.count ?? 1;
        const component = e.source?.component || e.reportingComponent || '';
        return (
          <div
            key={e.metadata?.uid ?? `${e.metadata?.namespace}/${e.metadata?.name}`}
            className="co-sysevent"
            data-test={warning ? 'event-warning' : 'event'}
          >
            <div>
              <Label isCompact color={warning ? 'orange' : 'grey'}>
                {e.reason ?? ''}
              </Label>{' '}
              {lastTime(e) && <Timestamp timestamp={lastTime(e)} />}
            </div>
            <div className="pf-v6-u-font-size-xs">
              {component && `Generated from ${component}`}
              {component === 'kubelet' && e.source?.host ? ` on ${e.source.host}` : ''}
              {count > 1 ? ` · ${count} times` : ''}
            </div>
            <div className="co-sysevent__message">{e.message ?? ''}</div>
          </div>
        );
      })}
    </div>
  );
}

export function WrappedResourceEventStream({ resource }: { resource: K8sResourceCommon }) {
  const { kind = '', metadata } = resource;
  const { name = '', namespace, uid = '' } = metadata ?? {};
  return (
    <EventStream
      fieldSelector={`involvedObject.uid=${uid},involvedObject.name=${name},involvedObject.kind=${kind}`}
      namespace={namespace}
    />
  );
}

export const ResourceEventStream = WrappedResourceEventStream;
export default WrappedResourceEventStream;
