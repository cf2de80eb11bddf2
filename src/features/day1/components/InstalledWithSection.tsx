import { useMemo } from 'react';
import {
  Alert,
  Content,
  ExpandableSection,
  Label,
  LabelGroup,
  Spinner,
  Title,
} from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { Node } from '../../../shared/model/k8s';
import type { BareMetalHost, HardwareData } from '../../../shared/model/metal3';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { DiffView } from '../../../shared/ui/DiffView';
import { Td, Th } from '../../../shared/ui/tableCells';
import { useInstalledWith } from '../data/useInstalledWith';
import { compareInstalled } from '../logic/installedWith';
import type { InstalledSource, InterfaceDrift } from '../logic/installedWith';
import type { InstalledStateProblem } from '../logic/installedWith';
import type { TFunction } from '../../policies/components/messages';

interface Props {
  host: BareMetalHost;
  hardwareData?: HardwareData;
  node?: Node;
  nns?: NodeNetworkState;
  policies: readonly NodeNetworkConfigurationPolicy[];
  testId: string;
}

function sourceText(t: TFunction, s: InstalledSource): string {
  return s.kind === 'NMStateConfig'
    ? t('NMStateConfig {{name}}', { name: s.name })
    : t('Preprovisioning network data Secret {{name}}', { name: s.name });
}

function problemText(t: TFunction, p: InstalledStateProblem): string {
  switch (p) {
    case 'noKey':
      return t('It has no "nmstate" key: the host was installed without a network configuration.');
    case 'base64Invalid':
      return t('Its "nmstate" value is not valid base64.');
    case 'yamlSyntax':
      return t('Its nmstate is not valid YAML.');
    case 'notObject':
      return t('Its nmstate is not a mapping.');
  }
}

const DRIFT_COLOR: Record<InterfaceDrift, 'green' | 'orange' | 'red' | 'grey'> = {
  same: 'green',
  changed: 'orange',
  absent: 'red',
  noState: 'grey',
};

function driftText(t: TFunction, d: InterfaceDrift): string {
  switch (d) {
    case 'same':
      return t('As installed');
    case 'changed':
      return t('Changed');
    case 'absent':
      return t('Gone');
    case 'noState':
      return t('No current state');
  }
}

/**
 * "Installed with": the host's day-1 nmstate, and how the node differs from it now, on the keys
 * the installer set, plus the policies that have taken over its interfaces.
 */
export function InstalledWithSection({ host, hardwareData, node, nns, policies, testId }: Props) {
  const { t } = usePluginTranslation();
  const installed = useInstalledWith(host, hardwareData);
  const current = nns?.status?.currentState;
  const comparison = useMemo(
    () =>
      installed.status === 'ok'
        ? compareInstalled(installed.state, current, node, policies)
        : undefined,
    [installed, current, node, policies],
  );
  if (installed.status === 'none') return null;
  return (
    <section data-test={testId} aria-label={t('Installed with')}>
      <Title headingLevel="h3" size="md">
        {t('Installed with')}
      </Title>
      {installed.status === 'loading' && <Spinner size="md" aria-label={t('Loading')} />}
      {installed.status !== 'loading' && (
        <Content component="p" data-test={`${testId}-source`}>
          {sourceText(t, installed.source)}
        </Content>
      )}
      {installed.status === 'forbidden' && (
        <Alert
          isInline
          isPlain
          variant="info"
          title={t("You may not read this host's network data")}
          data-test={`${testId}-forbidden`}
        >
          {t(
            'Your role does not allow reading Secrets in {{namespace}}, so the configuration the host was installed with is not shown.',
            { namespace: installed.source.namespace },
          )}
        </Alert>
      )}
      {installed.status === 'missing' && (
        <Alert
          isInline
          isPlain
          variant="warning"
          title={t('The Secret does not exist.')}
          data-test={`${testId}-missing`}
        />
      )}
      {installed.status === 'invalid' && (
        <Alert
          isInline
          isPlain
          variant="danger"
          title={problemText(t, installed.problem)}
          data-test={`${testId}-invalid`}
        />
      )}
      {installed.status === 'error' && (
        <Alert
          isInline
          isPlain
          variant="danger"
          title={t('Could not read the configuration: {{message}}', {
            message: installed.message,
          })}
        />
      )}
      {installed.status === 'ok' && installed.alsoClaimedBy.length > 0 && (
        <Alert
          isInline
          isPlain
          variant="warning"
          title={t(
            'More NMStateConfigs of the same discovery image claim this host ({{list}}): the host applies every one whose MAC addresses match, so it may run a mix of them.',
            { list: installed.alsoClaimedBy.join(', ') },
          )}
          data-test={`${testId}-also-claimed`}
        />
      )}
      {comparison && (
        <>
          {!current && (
            <Content component="small" data-test={`${testId}-no-state`}>
              {node
                ? t('Node {{node}} reports no network state yet.', { node: node.metadata.name })
                : t('No node runs on this host yet, so there is nothing to compare with.')}
            </Content>
          )}
          <Table
            variant="compact"
            aria-label={t('Installed interfaces of {{host}}', { host: host.metadata.name })}
          >
            <Thead>
              <Tr>
                <Th>{t('Interface')}</Th>
                <Th>{t('Type')}</Th>
                <Th>{t('Now')}</Th>
                <Th>{t('Changed keys')}</Th>
                <Th>{t('Managed by policy')}</Th>
              </Tr>
            </Thead>
            <Tbody>
              {comparison.rows.map((r) => (
                <Tr key={`${r.name}/${r.type ?? ''}`} data-test={`${testId}-row-${r.name}`}>
                  <Td dataLabel={t('Interface')}>{r.name}</Td>
                  <Td dataLabel={t('Type')}>{r.type ?? '-'}</Td>
                  <Td dataLabel={t('Now')}>
                    <Label isCompact color={DRIFT_COLOR[r.drift]} data-drift={r.drift}>
                      {driftText(t, r.drift)}
                    </Label>
                  </Td>
                  <Td dataLabel={t('Changed keys')}>{r.changed.join(', ') || '-'}</Td>
                  <Td dataLabel={t('Managed by policy')}>
                    {r.policies.length > 0 ? (
                      <LabelGroup>
                        {r.policies.map((p) => (
                          <Label key={p} isCompact>
                            {p}
                          </Label>
                        ))}
                      </LabelGroup>
                    ) : (
                      '-'
                    )}
                  </Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
          {comparison.templatedPolicies.length > 0 && (
            <Content component="small">
              {t('Policies that choose their interfaces by capture are not compared: {{list}}', {
                list: comparison.templatedPolicies.join(', '),
              })}
            </Content>
          )}
          {current && (
            <ExpandableSection
              toggleText={t('Diff: installed and current state')}
              data-test={`${testId}-diff-current`}
            >
              <DiffView
                oldText={comparison.installedYaml}
                newText={comparison.currentYaml}
                testId={`${testId}-diff-current-view`}
              />
            </ExpandableSection>
          )}
          {comparison.policyYaml !== '' && (
            <ExpandableSection
              toggleText={t('Diff: installed and the policies managing those interfaces')}
              data-test={`${testId}-diff-policies`}
            >
              <DiffView
                oldText={comparison.managedInstalledYaml}
                newText={comparison.policyYaml}
                testId={`${testId}-diff-policies-view`}
              />
            </ExpandableSection>
          )}
        </>
      )}
    </section>
  );
}
