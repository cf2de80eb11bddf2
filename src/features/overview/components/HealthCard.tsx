import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Card,
  CardBody,
  CardTitle,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Label,
  List,
  ListItem,
  Skeleton,
} from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import {
  FAILED_POLICIES_URL,
  nadListUrl,
  nadUrl,
  nnsUrl,
  policyListUrl,
  VLAN_CHECK_URL,
} from '../../../shared/routes';
import type { ClusterHealth } from '../data/useClusterHealth';
import type { OperatorHealth } from '../data/useOperatorHealth';
import type { OperatorConditionSummary } from '../logic/operatorStatus';
import { DaemonSetGVK, DeploymentGVK, NMStateGVK } from '../../../shared/k8s/models';
import { objectUrl } from '../../../shared/routes';

/** How many nodes, definitions or namespaces a row names before it says "and N more". */
const SHOWN = 5;

function Row({
  term,
  testId,
  value,
  children,
}: {
  term: string;
  testId: string;
  /** undefined: still loading; null: not applicable on this cluster (the row is left out). */
  value: unknown;
  children: ReactNode;
}) {
  const { t } = usePluginTranslation();
  if (value === null) return null;
  return (
    <DescriptionListGroup>
      <DescriptionListTerm>{term}</DescriptionListTerm>
      <DescriptionListDescription data-test={testId}>
        {value === undefined ? <Skeleton width="60%" screenreaderText={t('Loading')} /> : children}
      </DescriptionListDescription>
    </DescriptionListGroup>
  );
}

function Healthy({ children }: { children: ReactNode }) {
  return (
    <Label color="green" isCompact>
      {children}
    </Label>
  );
}

function More({ total }: { total: number }) {
  const { t } = usePluginTranslation();
  return total > SHOWN ? (
    <ListItem>{t('and {{count}} more', { count: total - SHOWN })}</ListItem>
  ) : null;
}

function ReasonText({ summary }: { summary: OperatorConditionSummary }) {
  const { t } = usePluginTranslation();
  switch (summary.reason) {
    case 'Deploying':
      return <>{t('Deploying')}</>;
    case 'SuccessfullyDeployed':
      return <>{t('All components are available and ready')}</>;
    case 'InternalError':
      return <>{t('The operator hit an internal error')}</>;
    case 'TLSProfileNotFullyHonored':
      return <>{t('The cluster TLS security profile is not fully honoured')}</>;
    case 'other':
      // A reason this plugin does not know yet: the operator's own word is all there is.
      return <>{t('Reason: {{reason}}', { reason: summary.rawReason ?? '' })}</>;
    case 'none':
      return null;
  }
}

/** The NMState operator: its conditions on the NMState, and whether its own Deployment runs. */
function OperatorRow({ operator }: { operator: OperatorHealth }) {
  const { t } = usePluginTranslation();
  const { nmstate, conditions } = operator;
  const value = operator.nmstatesLoading ? undefined : (conditions ?? false);
  return (
    <Row term={t('NMState operator')} testId="health-operator" value={value}>
      {!nmstate || !conditions ? (
        <span data-test="health-operator-no-instance">
          {t('No NMState instance: the handler is not deployed')}
        </span>
      ) : (
        <List isPlain>
          <ListItem>
            {conditions.state === 'available' ? (
              <Healthy>{t('Available')}</Healthy>
            ) : (
              <Label
                isCompact
                color={
                  conditions.state === 'degraded'
                    ? 'red'
                    : conditions.state === 'progressing'
                      ? 'orange'
                      : 'grey'
                }
                data-test="health-operator-state"
              >
                {conditions.state === 'degraded'
                  ? t('Degraded')
                  : conditions.state === 'progressing'
                    ? t('Progressing')
                    : t('No status reported yet')}
              </Label>
            )}{' '}
            {conditions.state !== 'available' && <ReasonText summary={conditions} />}{' '}
            <Link
              to={objectUrl(NMStateGVK, nmstate.metadata.name)}
              data-test="health-operator-link"
            >
              {t('View NMState {{name}}', { name: nmstate.metadata.name })}
            </Link>
          </ListItem>
          {conditions.lines.map((line, i) => (
            <ListItem key={i} data-test="health-operator-line">
              {line}
            </ListItem>
          ))}
          {operator.operator && operator.operator.available === 0 && (
            <ListItem data-test="health-operator-down">
              <Link
                to={objectUrl(DeploymentGVK, operator.operator.name, operator.operator.namespace)}
              >
                {t('The operator is not running, so this status may be out of date')}
              </Link>
            </ListItem>
          )}
        </List>
      )}
    </Row>
  );
}

/** The handler DaemonSet: on how many of its nodes it is available, and a rollout in progress. */
function HandlerRow({ operator }: { operator: OperatorHealth }) {
  const { t } = usePluginTranslation();
  const { handler, handlerError } = operator;
  const value = handler === undefined && !handlerError ? undefined : true;
  return (
    <Row term={t('Handler')} testId="health-handler" value={value}>
      {handlerError ? (
        <span data-test="health-handler-error">
          {handlerError.kind === 'forbidden'
            ? t('You cannot read the handler DaemonSet')
            : t('The handler DaemonSet could not be read: {{message}}', {
                message: handlerError.message,
              })}
        </span>
      ) : !handler ? (
        <span data-test="health-handler-missing">{t('No handler DaemonSet found')}</span>
      ) : (
        <List isPlain>
          <ListItem>
            {handler.available === handler.desired ? (
              <Healthy>{t('Running on {{count}} nodes', { count: handler.desired })}</Healthy>
            ) : (
              <Link
                to={objectUrl(DaemonSetGVK, handler.name, handler.namespace)}
                data-test="health-handler-unavailable"
              >
                {t('Not available on {{count}} of {{total}} nodes', {
                  count: handler.desired - handler.available,
                  total: handler.desired,
                })}
              </Link>
            )}
          </ListItem>
          {handler.outdated > 0 && (
            <ListItem data-test="health-handler-outdated">
              {t('Update rolling out: {{count}} nodes still run the previous handler', {
                count: handler.outdated,
              })}
            </ListItem>
          )}
        </List>
      )}
    </Row>
  );
}

/**
 * Health at a glance: each row counts one kind of problem and links to the page (filtered where
 * the page filters) that shows it. A row whose capability the cluster lacks is left out.
 */
export function HealthCard({
  health,
  hasNmstate,
  hasNad,
  hasMetal3,
  operator,
}: {
  health: ClusterHealth;
  operator: OperatorHealth;
  hasNmstate: boolean | undefined;
  hasNad: boolean | undefined;
  hasMetal3: boolean | undefined;
}) {
  const { t } = usePluginTranslation();
  const { policies, failingNodes, nadProblems, attachFailures, vlanErrors } = health;
  const present = (flag: boolean | undefined, v: unknown) => (flag === false ? null : v);
  return (
    <Card data-test="health-card">
      <CardTitle>{t('Health')}</CardTitle>
      <CardBody>
        <DescriptionList isCompact>
          {hasNmstate && <OperatorRow operator={operator} />}
          {hasNmstate && operator.nmstate && <HandlerRow operator={operator} />}
          <Row term={t('Policies')} testId="health-policies" value={present(hasNmstate, policies)}>
            {policies && policies.degraded.length + policies.progressing.length === 0 ? (
              <Healthy>{t('No policy is Degraded or Progressing')}</Healthy>
            ) : (
              <List isPlain>
                {policies && policies.degraded.length > 0 && (
                  <ListItem>
                    <Link to={policyListUrl(['Degraded'])} data-test="health-policies-degraded">
                      {t('{{count}} Degraded', { count: policies.degraded.length })}
                    </Link>
                  </ListItem>
                )}
                {policies && policies.progressing.length > 0 && (
                  <ListItem>
                    <Link
                      to={policyListUrl(['Progressing'])}
                      data-test="health-policies-progressing"
                    >
                      {t('{{count}} Progressing', { count: policies.progressing.length })}
                    </Link>
                  </ListItem>
                )}
              </List>
            )}
          </Row>
          <Row
            term={t('Failing enactments')}
            testId="health-failing"
            value={present(hasNmstate, failingNodes)}
          >
            {failingNodes && failingNodes.length === 0 ? (
              <Healthy>{t('No node has a failing enactment')}</Healthy>
            ) : (
              <List isPlain>
                <ListItem>
                  <Link to={FAILED_POLICIES_URL} data-test="health-failing-nodes">
                    {t('{{count}} nodes with failing enactments', {
                      count: failingNodes?.length ?? 0,
                    })}
                  </Link>
                </ListItem>
                {failingNodes?.slice(0, SHOWN).map((n) => (
                  <ListItem key={n.node} data-test="health-failing-node">
                    <Link to={nnsUrl(n.node)}>{n.node}</Link>
                    {': '}
                    {n.policies.join(', ')}
                  </ListItem>
                ))}
                <More total={failingNodes?.length ?? 0} />
              </List>
            )}
          </Row>
          <Row
            term={t('Attachment definitions')}
            testId="health-nads"
            value={present(hasNad, nadProblems)}
          >
            {nadProblems && nadProblems.length === 0 ? (
              <Healthy>{t('No attachment definition has errors')}</Healthy>
            ) : (
              <List isPlain>
                {nadProblems?.slice(0, SHOWN).map((p) => (
                  <ListItem key={`${p.namespace}/${p.name}`} data-test="health-nad">
                    <Link to={nadUrl(p.namespace, p.name)}>
                      {p.namespace}/{p.name}
                    </Link>
                    {': '}
                    {t('{{count}} errors', { count: p.errors })}
                  </ListItem>
                ))}
                <More total={nadProblems?.length ?? 0} />
              </List>
            )}
          </Row>
          <Row
            term={t('Pods that failed to attach')}
            testId="health-attach"
            value={present(hasNad, attachFailures)}
          >
            {attachFailures && attachFailures.length === 0 ? (
              <Healthy>{t('No recent attachment failures')}</Healthy>
            ) : (
              <List isPlain>
                {attachFailures?.slice(0, SHOWN).map((a) => (
                  <ListItem key={a.namespace} data-test="health-attach-namespace">
                    <Link to={nadListUrl(a.namespace)}>{a.namespace}</Link>
                    {': '}
                    {t('{{count}} pods', { count: a.pods })}
                  </ListItem>
                ))}
                <More total={attachFailures?.length ?? 0} />
              </List>
            )}
          </Row>
          <Row term={t('VLAN check')} testId="health-vlan" value={present(hasMetal3, vlanErrors)}>
            {vlanErrors === 0 ? (
              <Healthy>{t('No VLAN mismatch errors')}</Healthy>
            ) : (
              <Link to={VLAN_CHECK_URL} data-test="health-vlan-errors">
                {t('{{count}} VLAN mismatch errors', { count: vlanErrors ?? 0 })}
              </Link>
            )}
          </Row>
        </DescriptionList>
      </CardBody>
    </Card>
  );
}
