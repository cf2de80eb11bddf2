// For a Failing or Aborted policy, per node: what the handler attempted, the extracted error, and
// the interfaces the node has now (the handler restored it to its checkpoint).
import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Card,
  CardBody,
  CardTitle,
  ExpandableSection,
  Flex,
  FlexItem,
  Label,
  Stack,
  StackItem,
  Title,
} from '@patternfly/react-core';
import { YamlView } from '../../../shared/ui/YamlView';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { getFailedNodeDetails } from '../logic/failed';
import './rollback.css';

export const topologyHighlightUrl = (policyName: string): string =>
  `/switchboard/topology?highlightPolicy=${encodeURIComponent(policyName)}`;

export function FailedEnactmentsPanel({
  policy,
  enactments,
  nodeStates,
}: {
  policy: NodeNetworkConfigurationPolicy;
  enactments: readonly NodeNetworkConfigurationEnactment[];
  nodeStates: readonly NodeNetworkState[];
}) {
  const { t } = usePluginTranslation();
  const details = useMemo(
    () => getFailedNodeDetails(policy, enactments, nodeStates),
    [policy, enactments, nodeStates],
  );
  if (details.length === 0) return null;
  return (
    <Card data-test="failed-enactments">
      <CardTitle>
        <Flex justifyContent={{ default: 'justifyContentSpaceBetween' }}>
          <FlexItem>{t('Failed enactments')}</FlexItem>
          <FlexItem>
            <Link to={topologyHighlightUrl(policy.metadata.name)} data-test="show-on-topology">
              {t('Show on topology')}
            </Link>
          </FlexItem>
        </Flex>
      </CardTitle>
      <CardBody>
        <Stack hasGutter>
          {details.map((d) => (
            <StackItem key={d.node} data-test={`failed-node-${d.node}`}>
              <Title headingLevel="h4">
                {d.node}{' '}
                <Label isCompact color={d.phase === 'Failing' ? 'red' : 'orange'}>
                  {d.phase === 'Failing' ? t('Failing') : t('Aborted')}
                </Label>
              </Title>
              {d.error && (
                <Alert
                  variant={d.phase === 'Failing' ? 'danger' : 'warning'}
                  isInline
                  isPlain
                  title={d.error.headline}
                  data-test="failed-node-error"
                >
                  <ExpandableSection toggleText={t('Full log')}>
                    <pre className="sb-rollback__log">{d.error.log.join('\n')}</pre>
                  </ExpandableSection>
                </Alert>
              )}
              <ExpandableSection
                toggleText={t('Attempted desired state')}
                data-test="failed-node-attempted"
              >
                {d.attempted ? (
                  <YamlView obj={d.attempted} testId="attempted-yaml" />
                ) : (
                  <p>{t('The node did not start applying the policy.')}</p>
                )}
              </ExpandableSection>
              <Title headingLevel="h5">{t('State the node was restored to')}</Title>
              <div data-test="failed-node-restored">
                {!d.hasState ? (
                  <p>{t('The node reports no network state.')}</p>
                ) : d.restored.length === 0 ? (
                  <p>{t('None of the interfaces the policy names exist on this node.')}</p>
                ) : (
                  <YamlView obj={d.restored} testId="restored-yaml" />
                )}
              </div>
            </StackItem>
          ))}
        </Stack>
      </CardBody>
    </Card>
  );
}
