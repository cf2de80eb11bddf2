import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { Alert, CodeBlock, CodeBlockCode, ExpandableSection, Label } from '@patternfly/react-core';
import {
  ExpandableRowContent,
  InnerScrollContainer,
  Table,
  Tbody,
  Thead,
  Tr,
} from '@patternfly/react-table';
import { getConditionReasonText } from './messages';
import { CamelCaseText } from '../../../shared/ui/CamelCaseText';
import { Td, Th } from '../../../shared/ui/tableCells';
import type { NodeNetworkConfigurationEnactment } from '../../../shared/model/nmstate';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { formatAge } from '../../../shared/ui/labels';
import { ENACTMENT_CONDITION_TYPES } from '../model/enactmentStatus';
import { getCondition, getEnactmentPhase, getEnactmentPhaseCondition } from '../logic/enactments';
import { getEnactmentFailure } from '../logic/enactmentError';
import { PhaseLabel } from './PhaseLabels';
import { HandlerOutput } from './HandlerOutput';
import { getNodeUrl } from './urls';

interface EnactmentTableProps {
  /** Matched nodes; a node without an enactment yet gets a row saying so. */
  nodes: string[];
  enactments: Map<string, NodeNetworkConfigurationEnactment>;
  policyGeneration: number | undefined;
  now: number;
}

function FailureDetails({ nnce }: { nnce: NodeNetworkConfigurationEnactment }) {
  const { t } = usePluginTranslation();
  const [open, setOpen] = useState(false);
  const failure = getEnactmentFailure(nnce);
  if (!failure) return null;
  return (
    <div data-test="enactment-failure">
      <Alert
        variant="danger"
        isInline
        isPlain
        title={failure.headline}
        data-test="enactment-error-line"
      />
      {failure.decodeError && (
        <Alert
          variant="warning"
          isInline
          isPlain
          title={t('The compressed log could not be decoded; it is shown as received.')}
        />
      )}
      <ExpandableSection
        toggleText={
          failure.decoded
            ? t('Full log ({{count}} lines, decoded)', { count: failure.log.length })
            : t('Full log ({{count}} lines)', { count: failure.log.length })
        }
        isExpanded={open}
        onToggle={(_e, v) => setOpen(v)}
        data-test="enactment-log-toggle"
      >
        <CodeBlock data-test="enactment-log">
          <CodeBlockCode>{failure.log.join('\n')}</CodeBlockCode>
        </CodeBlock>
      </ExpandableSection>
    </div>
  );
}

/**
 * One row per matched node: its phase, every enactment condition, the failure if any, and on
 * expansion what the handler rendered and captured for that node.
 */
export function EnactmentTable({ nodes, enactments, policyGeneration, now }: EnactmentTableProps) {
  const { t } = usePluginTranslation();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const allNodes = [...new Set([...nodes, ...enactments.keys()])].sort();
  const toggle = (node: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(node)) next.delete(node);
      else next.add(node);
      return next;
    });
  // Nine columns with condition reasons are wider than a details page: scroll, never clip.
  return (
    <InnerScrollContainer>
      <Table variant="compact" aria-label={t('Enactments')} data-test="enactment-table">
        <Thead>
          <Tr>
            <Th screenReaderText={t('Details')} />
            <Th>{t('Node')}</Th>
            <Th>{t('State')}</Th>
            {ENACTMENT_CONDITION_TYPES.map((type) => (
              <Th key={type} modifier="wrap">
                {type}
              </Th>
            ))}
            <Th modifier="fitContent">{t('Generation')}</Th>
            <Th modifier="fitContent">{t('Since')}</Th>
          </Tr>
        </Thead>
        {allNodes.map((node, rowIndex) => {
          const nnce = enactments.get(node);
          const phase = nnce ? getEnactmentPhase(nnce, policyGeneration) : null;
          const phaseCondition =
            nnce && phase ? getEnactmentPhaseCondition(nnce, phase) : undefined;
          const failed = phase === 'Failing' || phase === 'Aborted' || phase === 'Retrying';
          // Failed rows open by themselves; every row with an enactment opens on request to show
          // what the handler rendered, captured and retried there.
          const isOpen = expanded.has(node) || (failed && !expanded.has(`closed:${node}`));
          return (
            <Tbody
              key={node}
              isExpanded={nnce !== undefined && isOpen}
              data-test={`enactment-row-${node}`}
            >
              <Tr>
                <Td
                  expand={
                    nnce
                      ? {
                          rowIndex,
                          isExpanded: isOpen,
                          onToggle: () => toggle(isOpen ? `closed:${node}` : node),
                        }
                      : undefined
                  }
                />
                <Td dataLabel={t('Node')} modifier="nowrap">
                  <Link to={getNodeUrl(node)}>{node}</Link>
                  {!nodes.includes(node) && (
                    <Label isCompact variant="outline" className="pf-v6-u-ml-sm">
                      {t('No longer matched')}
                    </Label>
                  )}
                </Td>
                <Td dataLabel={t('State')} data-test="enactment-phase">
                  {phase ? (
                    <PhaseLabel phase={phase} message={phaseCondition?.message} />
                  ) : (
                    <Label isCompact variant="outline">
                      {t('No enactment yet')}
                    </Label>
                  )}
                </Td>
                {ENACTMENT_CONDITION_TYPES.map((type) => {
                  const c = getCondition(nnce?.status?.conditions, type);
                  return (
                    <Td key={type} dataLabel={type} data-test={`condition-${type}`}>
                      {c ? (
                        <LazyTooltip content={c.message || c.reason || c.status}>
                          {c.status}
                          {c.reason && (
                            <div
                              className="pf-v6-u-font-size-xs pf-v6-u-color-200"
                              data-reason={c.reason}
                            >
                              {getConditionReasonText(t, c.reason) ?? (
                                <CamelCaseText text={c.reason} />
                              )}
                            </div>
                          )}
                        </LazyTooltip>
                      ) : (
                        '-'
                      )}
                    </Td>
                  );
                })}
                <Td dataLabel={t('Generation')}>{nnce?.status?.policyGeneration ?? '-'}</Td>
                <Td dataLabel={t('Since')}>{formatAge(phaseCondition?.lastTransitionTime, now)}</Td>
              </Tr>
              {nnce && isOpen && (
                <Tr isExpanded={isOpen}>
                  <Td colSpan={9}>
                    <ExpandableRowContent>
                      <Fragment>
                        {failed && <FailureDetails nnce={nnce} />}
                        <HandlerOutput nnce={nnce} />
                      </Fragment>
                    </ExpandableRowContent>
                  </Td>
                </Tr>
              )}
            </Tbody>
          );
        })}
      </Table>
    </InnerScrollContainer>
  );
}
