import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  CodeBlock,
  CodeBlockCode,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Label,
  List,
  ListItem,
  Stack,
  StackItem,
  Title,
} from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import type { Event, Pod } from '../../../shared/model/k8s';
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import { PodGVK } from '../../../shared/k8s/models';
import { objectUrl } from '../../../shared/routes';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { getAttachFailures } from '../logic/attachFailures';
import { getEffectiveConfig } from '../logic/effectiveConfig';
import { isManagedNad } from '../logic/managed';
import { getPodsUsingNad } from '../logic/podNetworks';
import { summarizeNad } from '../logic/summary';
import { DataState } from '../../../shared/ui/DataState';
import { VlanMismatchAlerts } from '../../switch-ports/components/VlanMismatchAlerts';
import type { WatchedResult } from '../../../shared/k8s/useWatchedList';
import type { Finding } from '../model/types';
import { FindingsList, ProblemsBadge } from './FindingsList';
import { ManagedNadAlert } from './ManagedNadAlert';
import { useEffectiveNoteText, useFormUnavailableText } from './findingText';

interface NadDetailsProps {
  nad: NetworkAttachmentDefinition;
  findings: Finding[];
  pods: readonly Pod[];
  /** The pods watch itself, so a 403 on pods degrades only the pod sections. */
  podsResult?: WatchedResult<readonly Pod[]>;
  events: Event[];
}

function Summary({ nad, findings }: { nad: NetworkAttachmentDefinition; findings: Finding[] }) {
  const { t } = usePluginTranslation();
  const s = summarizeNad(nad);
  const rows: [string, string, string][] = [
    [t('Namespace'), nad.metadata.namespace, 'namespace'],
    [t('CNI type'), s.cniTypes.join(' → ') || '-', 'type'],
    [t('Topology'), s.topology ?? '-', 'topology'],
    [t('Network name'), s.networkName ?? '-', 'network-name'],
    [t('IPAM'), s.ipamType ?? '-', 'ipam'],
    [t('IPv4 subnets / ranges'), s.subnetsV4.join(', ') || '-', 'subnets-v4'],
    [t('IPv6 subnets / ranges'), s.subnetsV6.join(', ') || '-', 'subnets-v6'],
    [t('VLAN'), s.vlan === undefined ? '-' : String(s.vlan), 'vlan'],
    [
      t('Master / bridge / physical network'),
      s.master ?? s.bridge ?? s.physicalNetwork ?? '-',
      'iface',
    ],
  ];
  return (
    <DescriptionList isHorizontal isCompact columnModifier={{ lg: '2Col' }} data-test="nad-summary">
      {rows.map(([term, value, id]) => (
        <DescriptionListGroup key={id}>
          <DescriptionListTerm>{term}</DescriptionListTerm>
          <DescriptionListDescription data-test={`summary-${id}`}>
            {value}
          </DescriptionListDescription>
        </DescriptionListGroup>
      ))}
      <DescriptionListGroup>
        <DescriptionListTerm>{t('Problems')}</DescriptionListTerm>
        <DescriptionListDescription>
          <ProblemsBadge findings={findings} testId="problems-badge" />
        </DescriptionListDescription>
      </DescriptionListGroup>
    </DescriptionList>
  );
}

function PodLink({ pod }: { pod: Pod }) {
  return (
    <Link to={objectUrl(PodGVK, pod.metadata.name, pod.metadata.namespace)}>
      {pod.metadata.name}
    </Link>
  );
}

function AttachedPods({ nad, pods }: { nad: NetworkAttachmentDefinition; pods: readonly Pod[] }) {
  const { t } = usePluginTranslation();
  const usages = useMemo(
    () => getPodsUsingNad(pods, nad).filter((u) => u.status.length > 0),
    [pods, nad],
  );
  if (usages.length === 0)
    return <p data-test="attached-pods-empty">{t('No pod is attached to this network.')}</p>;
  return (
    <Table aria-label={t('Attached pods')} variant="compact" data-test="attached-pods">
      <Thead>
        <Tr>
          <Th>{t('Pod')}</Th>
          <Th>{t('Namespace')}</Th>
          <Th>{t('Node')}</Th>
          <Th>{t('Interface')}</Th>
          <Th>{t('IP addresses')}</Th>
          <Th>{t('MAC')}</Th>
          <Th>{t('Gateway')}</Th>
        </Tr>
      </Thead>
      <Tbody>
        {usages.flatMap((u) =>
          u.status.map((st, i) => (
            <Tr
              key={`${u.pod.metadata.namespace}/${u.pod.metadata.name}/${st.interface ?? i}`}
              data-test={`attached-${u.pod.metadata.name}`}
            >
              <Td dataLabel={t('Pod')}>
                <PodLink pod={u.pod} />
              </Td>
              <Td dataLabel={t('Namespace')}>{u.pod.metadata.namespace}</Td>
              <Td dataLabel={t('Node')}>{u.pod.spec?.nodeName ?? '-'}</Td>
              <Td dataLabel={t('Interface')}>{st.interface ?? '-'}</Td>
              <Td dataLabel={t('IP addresses')}>{st.ips.join(', ') || '-'}</Td>
              <Td dataLabel={t('MAC')}>{st.mac ?? '-'}</Td>
              <Td dataLabel={t('Gateway')}>
                {st.nilGateway ? (
                  <Label status="warning" isCompact data-test="nil-gateway">
                    {t('<nil>: default route without a gateway')}
                  </Label>
                ) : (
                  st.gateways.join(', ') || '-'
                )}
              </Td>
            </Tr>
          )),
        )}
      </Tbody>
    </Table>
  );
}

function FailingPods({
  nad,
  pods,
  events,
}: {
  nad: NetworkAttachmentDefinition;
  pods: readonly Pod[];
  events: Event[];
}) {
  const { t } = usePluginTranslation();
  const failures = useMemo(
    () => getAttachFailures(getPodsUsingNad(pods, nad), events),
    [pods, nad, events],
  );
  if (failures.length === 0) return null;
  return (
    <StackItem>
      <Title headingLevel="h2" size="lg">
        {t('Pods failing to attach')}
      </Title>
      <Stack hasGutter data-test="failing-pods">
        {failures.map((f) => (
          <StackItem key={`${f.pod.metadata.namespace}/${f.pod.metadata.name}`}>
            <Alert
              variant="danger"
              isInline
              title={<PodLink pod={f.pod} />}
              data-test={`failing-${f.pod.metadata.name}`}
            >
              {f.error !== undefined ? (
                <div className="sb-nad-pre" data-test="multus-error">
                  {f.error}
                </div>
              ) : (
                <p>
                  {t(
                    'The pod requests this network but has no interface on it yet; no error has been reported.',
                  )}
                </p>
              )}
              {f.count !== undefined && f.count > 1 && (
                <p>{t('Seen {{count}} times', { count: f.count })}</p>
              )}
            </Alert>
          </StackItem>
        ))}
      </Stack>
    </StackItem>
  );
}

function Configuration({ nad }: { nad: NetworkAttachmentDefinition }) {
  const { t } = usePluginTranslation();
  const noteText = useEffectiveNoteText();
  const reasonText = useFormUnavailableText();
  const effective = useMemo(() => getEffectiveConfig(nad), [nad]);
  return (
    <Stack hasGutter>
      <StackItem>
        <Title headingLevel="h2" size="lg">
          {t('Configuration (spec.config as stored)')}
        </Title>
        <CodeBlock data-test="config-stored">
          <CodeBlockCode>{nad.spec?.config ?? ''}</CodeBlockCode>
        </CodeBlock>
      </StackItem>
      <StackItem>
        <Title headingLevel="h2" size="lg">
          {t('Effective configuration')}
        </Title>
        <p>{t('What Multus and the plugins actually use, after defaults and dropped keys.')}</p>
        {effective.ok ? (
          <>
            {effective.notes.length > 0 && (
              <List data-test="effective-notes">
                {effective.notes.map((n, i) => (
                  <ListItem key={`${n.code}-${n.path}-${i}`} data-test={`note-${n.code}`}>
                    <code>{n.path}</code>: {noteText(n)}
                  </ListItem>
                ))}
              </List>
            )}
            <CodeBlock data-test="config-effective">
              <CodeBlockCode>{JSON.stringify(effective.config, null, 2)}</CodeBlockCode>
            </CodeBlock>
          </>
        ) : (
          <Alert variant="warning" isInline isPlain title={reasonText(effective.reason)} />
        )}
      </StackItem>
    </Stack>
  );
}

/** The Details tab: what the NAD is, its findings, and the pods that failed to attach to it. */
export function NadDetails({ nad, findings, pods, podsResult, events }: NadDetailsProps) {
  const { t } = usePluginTranslation();
  const managed = useMemo(() => isManagedNad(nad), [nad]);
  return (
    <Stack hasGutter>
      {managed.managed && (
        <StackItem>
          <ManagedNadAlert info={managed} />
        </StackItem>
      )}
      <StackItem>
        <Summary nad={nad} findings={findings} />
      </StackItem>
      <StackItem>
        <VlanMismatchAlerts
          consumer={{ kind: 'nad', name: nad.metadata.name, namespace: nad.metadata.namespace }}
        />
      </StackItem>
      {podsResult ? (
        // Without access to pods the page says so rather than show no failures.
        <DataState result={podsResult} testId="failing-pods-state" loadingView={null}>
          <FailingPods nad={nad} pods={pods} events={events} />
        </DataState>
      ) : (
        <FailingPods nad={nad} pods={pods} events={events} />
      )}
      <StackItem>
        <Title headingLevel="h2" size="lg">
          {t('Findings')}
        </Title>
        <FindingsList findings={findings} />
      </StackItem>
    </Stack>
  );
}

/** The Pods tab: every pod attached to the NAD with what Multus reported for each interface. */
export function NadPods({
  nad,
  pods,
  podsResult,
}: Pick<NadDetailsProps, 'nad' | 'pods' | 'podsResult'>) {
  return podsResult ? (
    <DataState result={podsResult} testId="attached-pods">
      <AttachedPods nad={nad} pods={pods} />
    </DataState>
  ) : (
    <AttachedPods nad={nad} pods={pods} />
  );
}

/** The Configuration tab: the config as written and as the plugins will read it. */
export function NadConfiguration({ nad }: { nad: NetworkAttachmentDefinition }) {
  return <Configuration nad={nad} />;
}
