import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  Content,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Flex,
  Label,
  LabelGroup,
  Progress,
  Title,
} from '@patternfly/react-core';
import type { Event, Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { isNestedDeeperThan } from '../../../shared/logic/nesting';
import { TooDeeplyNested } from '../../../shared/ui/TooDeeplyNested';
import { getMatchedNodes } from '../logic/nodeSelection';
import { getPolicyEnactments, indexEnactments, summarizePolicyStatus } from '../logic/enactments';
import { getPolicyEvents } from '../logic/policyList';
import { CaptureResolution } from './CaptureResolution';
import { DesiredStateSection } from './DesiredStateSection';
import { VlanMismatchAlerts } from '../../switch-ports/components/VlanMismatchAlerts';
import { EnactmentTable } from './EnactmentTable';
import { PolicyEvents } from './PolicyEvents';
import { HeadlineLabel, PhaseCounts } from './PhaseLabels';
import { PolicyConditionLabels } from './StatusLabels';
import { getNodeUrl } from './urls';
import { PolicyHistorySection } from '../../rollback/components/PolicyHistorySection';
import './policies.css';

function Section({
  title,
  id,
  children,
}: {
  title: string;
  id?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="sb-policy-section" id={id} data-test={id ? `section-${id}` : undefined}>
      <Title headingLevel="h2" className="pf-v6-u-mb-sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** What the tabs share besides the policy: HorizontalNav hands it over as `customData`. */
export interface PolicyTabData {
  nodes: Node[];
  nodeNetworkStates: NodeNetworkState[];
  enactments: NodeNetworkConfigurationEnactment[];
  events: Event[];
  now: number;
}

function usePolicyView(policy: NodeNetworkConfigurationPolicy, data: PolicyTabData) {
  const { nodes, enactments } = data;
  const name = policy.metadata.name;
  const matched = useMemo(
    () => getMatchedNodes(policy, nodes).map((n) => n.metadata.name),
    [policy, nodes],
  );
  const byNode = useMemo(
    () =>
      getPolicyEnactments(
        indexEnactments(enactments, { policies: [name], nodes: nodes.map((n) => n.metadata.name) }),
        name,
      ),
    [enactments, name, nodes],
  );
  // The desired state, captures and history are summarised, resolved, diffed and shown as
  // YAML by code that recurses; for a policy nested too deeply they say so instead, and the
  // status, nodes, enactments and events still show.
  const tooDeep = useMemo(() => isNestedDeeperThan(policy), [policy]);
  return { matched, byNode, tooDeep };
}

function TooDeepNote({ testId, name }: { testId: string; name: string }) {
  const { t } = usePluginTranslation();
  return (
    <TooDeeplyNested testId={testId}>
      {t('Read or fix it with: oc get nncp {{name}} -o yaml', { name })}
    </TooDeeplyNested>
  );
}

/** The Details tab: status, nodes, desired state and what the captures resolve to. */
export function PolicyDetailsTab({
  policy,
  data,
}: {
  policy: NodeNetworkConfigurationPolicy;
  data: PolicyTabData;
}) {
  const { t } = usePluginTranslation();
  const name = policy.metadata.name;
  const { matched, byNode, tooDeep } = usePolicyView(policy, data);
  const summary = useMemo(() => summarizePolicyStatus(policy, byNode.values()), [policy, byNode]);
  const states = useMemo(
    () => new Map(data.nodeNetworkStates.map((s) => [s.metadata.name, s.status?.currentState])),
    [data.nodeNetworkStates],
  );
  const selector = Object.entries(policy.spec.nodeSelector ?? {});
  const { rollout } = summary;
  const hasCaptures = Object.keys(policy.spec.capture ?? {}).length > 0;
  return (
    <>
      <Section title={t('Status')}>
        <DescriptionList isHorizontal isCompact>
          <DescriptionListGroup>
            <DescriptionListTerm>{t('Policy')}</DescriptionListTerm>
            <DescriptionListDescription>
              <Flex spaceItems={{ default: 'spaceItemsSm' }}>
                {summary.condition.type === null && <HeadlineLabel headline={summary.headline} />}
                <PolicyConditionLabels conditions={policy.status?.conditions} />
              </Flex>
              {summary.condition.message && (
                <div className="pf-v6-u-font-size-sm" data-test="policy-condition-message">
                  {summary.condition.message}
                </div>
              )}
            </DescriptionListDescription>
          </DescriptionListGroup>
          <DescriptionListGroup>
            <DescriptionListTerm>{t('Enactments')}</DescriptionListTerm>
            <DescriptionListDescription>
              <PhaseCounts counts={summary.counts} />
            </DescriptionListDescription>
          </DescriptionListGroup>
          <DescriptionListGroup>
            <DescriptionListTerm>{t('Rollout')}</DescriptionListTerm>
            <DescriptionListDescription data-test="rollout">
              <Progress
                value={rollout.total === 0 ? 0 : (rollout.finished / rollout.total) * 100}
                title={t('{{finished}} of {{total}} nodes finished', {
                  finished: rollout.finished,
                  total: rollout.total,
                })}
                size="sm"
                aria-label={t('Rollout progress')}
              />
              <div className="pf-v6-u-font-size-sm" data-test="max-unavailable">
                {rollout.maxUnavailableDefaulted
                  ? t(
                      'maxUnavailable "{{raw}}" is invalid; the handler uses 50% ({{count}} nodes at a time)',
                      {
                        raw: String(rollout.maxUnavailableRaw),
                        count: rollout.maxUnavailable,
                      },
                    )
                  : t('maxUnavailable {{raw}}: at most {{count}} nodes change at a time', {
                      raw: String(rollout.maxUnavailableRaw),
                      count: rollout.maxUnavailable,
                    })}
              </div>
            </DescriptionListDescription>
          </DescriptionListGroup>
          {policy.metadata.annotations?.description && (
            <DescriptionListGroup>
              <DescriptionListTerm>{t('Description')}</DescriptionListTerm>
              <DescriptionListDescription>
                {policy.metadata.annotations.description}
              </DescriptionListDescription>
            </DescriptionListGroup>
          )}
        </DescriptionList>
      </Section>

      <Section title={t('Nodes')}>
        <DescriptionList isHorizontal isCompact>
          <DescriptionListGroup>
            <DescriptionListTerm>{t('Node selector')}</DescriptionListTerm>
            <DescriptionListDescription data-test="node-selector">
              {selector.length === 0 ? (
                t('Every node')
              ) : (
                <LabelGroup>
                  {selector.map(([k, v]) => (
                    <Label key={k} isCompact variant="outline">
                      {v === '' ? k : `${k}=${v}`}
                    </Label>
                  ))}
                </LabelGroup>
              )}
            </DescriptionListDescription>
          </DescriptionListGroup>
          <DescriptionListGroup>
            <DescriptionListTerm>
              {t('Matched nodes ({{count}})', { count: matched.length })}
            </DescriptionListTerm>
            <DescriptionListDescription data-test="matched-node-list">
              {matched.length === 0 ? (
                t('No node matches')
              ) : (
                <LabelGroup numLabels={10}>
                  {matched.map((n) => (
                    <Label key={n} isCompact>
                      <Link to={getNodeUrl(n)}>{n}</Link>
                    </Label>
                  ))}
                </LabelGroup>
              )}
            </DescriptionListDescription>
          </DescriptionListGroup>
        </DescriptionList>
      </Section>

      <Section title={t('Desired state')}>
        {tooDeep ? (
          <TooDeepNote testId="desired-state-too-deep" name={name} />
        ) : (
          <>
            <VlanMismatchAlerts consumer={{ kind: 'policy', name: policy.metadata.name }} />
            <DesiredStateSection desiredState={policy.spec.desiredState} />
          </>
        )}
      </Section>

      {hasCaptures && !tooDeep && (
        <Section title={t('Captures per node')}>
          <Content component="p">
            {t(
              'What each capture resolves to on each matched node, from its current network state.',
            )}
          </Content>
          <CaptureResolution
            capture={policy.spec.capture}
            desiredState={policy.spec.desiredState}
            nodes={matched}
            states={states}
          />
        </Section>
      )}
    </>
  );
}

/** The Enactments tab: the policy's enactment on every node it selects. */
export function PolicyEnactmentsTab({
  policy,
  data,
}: {
  policy: NodeNetworkConfigurationPolicy;
  data: PolicyTabData;
}) {
  const { matched, byNode } = usePolicyView(policy, data);
  return (
    <EnactmentTable
      nodes={matched}
      enactments={byNode}
      policyGeneration={policy.metadata.generation}
      now={data.now}
    />
  );
}

/** The Events tab: the policy's events and those of its enactments. */
export function PolicyEventsTab({
  policy,
  data,
}: {
  policy: NodeNetworkConfigurationPolicy;
  data: PolicyTabData;
}) {
  const events = useMemo(() => getPolicyEvents(data.events, policy), [data.events, policy]);
  return <PolicyEvents events={events} now={data.now} />;
}

/**
 * The History tab, owned by the rollback feature (issue 6): revision timeline, diff, rollback
 * and revert. `open` opens the rollback or revert panel, as the Actions menu asks.
 */
export function PolicyHistoryTab({
  policy,
  open,
}: {
  policy: NodeNetworkConfigurationPolicy;
  open?: 'rollback' | 'revert';
}) {
  const { t } = usePluginTranslation();
  if (isNestedDeeperThan(policy))
    return (
      <>
        <Title headingLevel="h2" className="pf-v6-u-mb-sm">
          {t('History')}
        </Title>
        <TooDeepNote testId="history-too-deep" name={policy.metadata.name} />
      </>
    );
  return <PolicyHistorySection policy={policy} open={open} />;
}
