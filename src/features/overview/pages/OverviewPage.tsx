import {
  Alert,
  Button,
  Card,
  CardBody,
  CardTitle,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Gallery,
  Label,
  Spinner,
} from '@patternfly/react-core';
import { useAccessReview } from '@openshift-console/dynamic-plugin-sdk';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { PageShell } from '../../../shared/ui/PageShell';
import { useWatchedObject } from '../../../shared/k8s/useWatchedList';
import { useConsoleFlag } from '../../../shared/useConsoleFlag';
import { useOperatorHealth } from '../data/useOperatorHealth';
import { InfrastructureGVK, NMStateModel } from '../../../shared/k8s/models';
import { useCreateResource } from '../../../shared/k8s/mutations';
import { withQueryClient } from '../../../shared/query/withQueryClient';
import type { NMState } from '../../../shared/model/nmstate';
import type { Condition, K8sResource } from '../../../shared/model/k8s';
import { FLAGS } from '../../../shared/flags';
import { useClusterHealth } from '../data/useClusterHealth';
import { HealthCard } from '../components/HealthCard';

interface Infrastructure extends K8sResource {
  status?: { platform?: string; platformStatus?: { type?: string }; apiServerURL?: string };
}

/** A True condition's colour: only Available is good news; Progressing is a rollout. */
const CONDITION_COLOR: Record<string, 'green' | 'orange' | 'red'> = {
  Available: 'green',
  Progressing: 'orange',
  Degraded: 'red',
};

function ConditionLabels({ conditions }: { conditions: Condition[] | undefined }) {
  const { t } = usePluginTranslation();
  if (!conditions?.length) return <>{t('No conditions reported')}</>;
  return (
    <>
      {conditions.map((c) => (
        <Label
          key={c.type}
          color={c.status !== 'True' ? 'grey' : (CONDITION_COLOR[c.type] ?? 'blue')}
          title={c.message}
          data-test={`nmstate-condition-${c.type}`}
        >
          {c.type}: {c.status}
          {c.reason ? ` (${c.reason})` : ''}
        </Label>
      ))}
    </>
  );
}

function Capability({
  name,
  present,
  testId,
}: {
  name: string;
  /** undefined: the console has not evaluated the flag yet. */
  present: boolean | undefined;
  testId: string;
}) {
  const { t } = usePluginTranslation();
  return (
    <DescriptionListGroup>
      <DescriptionListTerm>{name}</DescriptionListTerm>
      <DescriptionListDescription data-test={testId}>
        {present === undefined ? (
          <Spinner size="sm" aria-label={t('Checking')} data-test="capability-pending" />
        ) : present ? (
          <Label color="green">{t('Installed')}</Label>
        ) : (
          <Label color="grey">{t('Not installed')}</Label>
        )}
      </DescriptionListDescription>
    </DescriptionListGroup>
  );
}

function OverviewPage() {
  const { t } = usePluginTranslation();
  const hasNmstate = useConsoleFlag(FLAGS.nmstate);
  const hasNad = useConsoleFlag(FLAGS.nad);
  const hasMetal3 = useConsoleFlag(FLAGS.metal3);
  const hasSwitches = useConsoleFlag(FLAGS.metal3Switches);
  const health = useClusterHealth({
    nmstate: hasNmstate,
    nad: hasNad,
    metal3: hasMetal3,
    switches: hasSwitches,
  });
  const operator = useOperatorHealth(hasNmstate);
  const infra = useWatchedObject<Infrastructure>(InfrastructureGVK, 'cluster');
  const [canCreateNMState] = useAccessReview({
    group: 'nmstate.io',
    resource: 'nmstates',
    verb: 'create',
  });
  const createNMState = useCreateResource<NMState>();
  const { nmstate } = operator;
  const platform =
    infra.data?.status?.platformStatus?.type ?? infra.data?.status?.platform ?? t('Unknown');

  return (
    <PageShell
      title={t('Node network overview')}
      testId="overview-page"
      description={t('How node networking is doing, and which capabilities this cluster has.')}
    >
      <Gallery hasGutter minWidths={{ default: '320px' }}>
        <HealthCard
          health={health}
          operator={operator}
          hasNmstate={hasNmstate}
          hasNad={hasNad}
          hasMetal3={hasMetal3}
        />
        <Card data-test="capabilities-card">
          <CardTitle>{t('Capabilities')}</CardTitle>
          <CardBody>
            <DescriptionList>
              <Capability
                name={t('Kubernetes NMState operator')}
                present={hasNmstate}
                testId="cap-nmstate"
              />
              <Capability
                name={t('Multus network attachment definitions')}
                present={hasNad}
                testId="cap-nad"
              />
              <Capability
                name={t('Metal3 bare-metal hosts')}
                present={hasMetal3}
                testId="cap-metal3"
              />
              <Capability
                name={t('Metal3 switch management')}
                present={hasSwitches}
                testId="cap-switches"
              />
            </DescriptionList>
          </CardBody>
        </Card>
        <Card data-test="nmstate-card">
          <CardTitle>{t('NMState')}</CardTitle>
          <CardBody>
            {hasNmstate === false &&
              t('Install the Kubernetes NMState operator to manage node networking.')}
            {hasNmstate && nmstate && (
              <div data-test="nmstate-instance">
                <p>{t('Instance: {{name}}', { name: nmstate.metadata.name })}</p>
                <ConditionLabels conditions={nmstate.status?.conditions} />
              </div>
            )}
            {hasNmstate && !operator.nmstatesLoading && !nmstate && (
              <>
                <Alert
                  isInline
                  variant="info"
                  title={t(
                    'The operator is installed but not enabled: no NMState instance exists.',
                  )}
                  data-test="nmstate-not-enabled"
                />
                {canCreateNMState && (
                  <Button
                    variant="primary"
                    data-test="create-nmstate"
                    isLoading={createNMState.isPending}
                    isDisabled={createNMState.isPending}
                    onClick={() =>
                      createNMState.mutate({
                        model: NMStateModel,
                        data: {
                          apiVersion: 'nmstate.io/v1',
                          kind: 'NMState',
                          metadata: { name: 'nmstate' },
                        },
                      })
                    }
                  >
                    {t('Create NMState')}
                  </Button>
                )}
                {createNMState.error && (
                  <Alert isInline variant="danger" title={t('Could not create NMState')}>
                    {createNMState.error.message}
                  </Alert>
                )}
              </>
            )}
          </CardBody>
        </Card>
        <Card data-test="platform-card">
          <CardTitle>{t('Platform')}</CardTitle>
          <CardBody>
            <DescriptionList>
              <DescriptionListGroup>
                <DescriptionListTerm>{t('Infrastructure platform')}</DescriptionListTerm>
                <DescriptionListDescription data-test="platform">
                  {platform}
                </DescriptionListDescription>
              </DescriptionListGroup>
            </DescriptionList>
          </CardBody>
        </Card>
      </Gallery>
    </PageShell>
  );
}

export default withQueryClient(OverviewPage);
