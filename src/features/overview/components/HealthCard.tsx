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

/**
 * Health at a glance: each row counts one kind of problem and links to the page (filtered where
 * the page filters) that shows it. A row whose capability the cluster lacks is left out.
 */
export function HealthCard({
  health,
  hasNmstate,
  hasNad,
  hasMetal3,
}: {
  health: ClusterHealth;
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
