import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  Button,
  Content,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Flex,
  FlexItem,
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
import type { PolicyPermissions } from '../data/usePolicyData';
import { CaptureResolution } from './CaptureResolution';
import { DeletePolicyModal } from './DeletePolicyModal';
import { DesiredStateSection } from './DesiredStateSection';
import { VlanMismatchAlerts } from '../../switch-ports/components/VlanMismatchAlerts';
import { EnactmentTable } from './EnactmentTable';
import { PolicyEvents } from './PolicyEvents';
import { HeadlineLabel, PhaseCounts, PolicyConditionLabels } from './StatusLabels';
import { getNodeUrl, getPolicyCloneUrl, getPolicyEditUrl, POLICY_LIST_URL } from './urls';
import { PolicyHistorySection } from '../../rollback/components/PolicyHistorySection';
import './policies.css';

interface PolicyDetailsProps {
  policy: NodeNetworkConfigurationPolicy;
  nodes: Node[];
  nodeNetworkStates: NodeNetworkState[];
  enactments: NodeNetworkConfigurationEnactment[];
  events: Event[];
  permissions: PolicyPermissions;
  now: number;
}

export function PolicyActionButtons({
  policy,
  permissions,
}: {
  policy: NodeNetworkConfigurationPolicy;
  permissions: PolicyPermissions;
}) {
  const { t } = usePluginTranslation();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const name = policy.metadata.name;
  return (
    <Flex spaceItems={{ default: 'spaceItemsSm' }} data-test="policy-detail-actions">
      {permissions.canUpdate && (
        <>
          <FlexItem>
            <Button
              variant="secondary"
              data-test="edit-form"
              onClick={() => void navigate(getPolicyEditUrl(name))}
            >
              {t('Edit')}
            </Button>
          </FlexItem>
          <FlexItem>
            <Button
              variant="secondary"
              data-test="edit-yaml"
              onClick={() => void navigate(getPolicyEditUrl(name, 'yaml'))}
            >
              {t('Edit YAML')}
            </Button>
          </FlexItem>
        </>
      )}
      {permissions.canCreate && (
        <FlexItem>
          <Button
            variant="secondary"
            data-test="clone"
            onClick={() => void navigate(getPolicyCloneUrl(name))}
          >
            {t('Clone')}
          </Button>
        </FlexItem>
      )}
      {permissions.canDelete && (
        <FlexItem>
          <Button variant="danger" data-test="delete" onClick={() => setDeleting(true)}>
            {t('Delete')}
          </Button>
        </FlexItem>
      )}
      {deleting && (
        <DeletePolicyModal
          policy={policy}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate(POLICY_LIST_URL)}
        />
      )}
    </Flex>
  );
}

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

export function PolicyDetails({
  policy,
  nodes,
  nodeNetworkStates,
  enactments,
  events,
  now,
}: PolicyDetailsProps) {
  const { t } = usePluginTranslation();
  const location = useLocation();
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
  const summary = useMemo(() => summarizePolicyStatus(policy, byNode.values()), [policy, byNode]);
  const policyEvents = useMemo(() => getPolicyEvents(events, policy), [events, policy]);
  const states = useMemo(
    () => new Map(nodeNetworkStates.map((s) => [s.metadata.name, s.status?.currentState])),
    [nodeNetworkStates],
  );
  const selector = Object.entries(policy.spec.nodeSelector ?? {});
  const { rollout } = summary;
  const hasCaptures = Object.keys(policy.spec.capture ?? {}).length > 0;
  // The desired state, captures and history are summarised, resolved, diffed and shown as
  // YAML by code that recurses; for a policy nested too deeply they say so instead, and the
  // status, nodes, enactments and events still show.
  const tooDeep = useMemo(() => isNestedDeeperThan(policy), [policy]);
  const tooDeepNote = (testId: string) => (
    <TooDeeplyNested testId={testId}>
      {t('Read or fix it with: oc get nncp {{name}} -o yaml', { name })}
    </TooDeeplyNested>
  );

  useEffect(() => {
    // The console does not scroll to a hash once content renders later; do it for #history links.
    if (location.hash === '#history') document.getElementById('history')?.scrollIntoView();
  }, [location.hash]);

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
          tooDeepNote('desired-state-too-deep')
        ) : (
          <>
            <VlanMismatchAlerts consumer={{ kind: 'policy', name: policy.metadata.name }} />
            <DesiredStateSection desiredState={policy.spec.desiredState} />
          </>
        )}
      </Section>

      <Section title={t('Enactments per node')}>
        <EnactmentTable
          nodes={matched}
          enactments={byNode}
          policyGeneration={policy.metadata.generation}
          now={now}
        />
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

      <Section title={t('Events')}>
        <PolicyEvents events={policyEvents} now={now} />
      </Section>

      {/* Slot for the rollback feature: its history section renders here and is linked as #history. */}
      <section id="history" data-test="policy-history-slot">
        {/* Rollback feature (issue 6): revision timeline, diff, rollback and revert. */}
        {tooDeep ? (
          <>
            <Title headingLevel="h2" className="pf-v6-u-mb-sm">
              {t('History')}
            </Title>
            {tooDeepNote('history-too-deep')}
          </>
        ) : (
          <PolicyHistorySection policy={policy} />
        )}
      </section>
    </>
  );
}
