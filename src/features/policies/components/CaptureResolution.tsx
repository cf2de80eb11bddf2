import { useMemo, useState } from 'react';
import { Alert, Content, ExpandableSection, Label, Stack, StackItem } from '@patternfly/react-core';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from '../../../shared/ui/tableCells';
import type { NetworkState } from '../../../shared/model/nmstate';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { YamlView } from '../../../shared/ui/YamlView';
import type { CaptureError, CaptureEvaluation } from '../logic/nmpolicy/resolve';
import { evaluateCaptures, resolvePolicyCaptures } from '../logic/nmpolicy/resolve';
import { getCaptureErrorMessage } from './messages';

interface NodeResolution {
  node: string;
  hasState: boolean;
  captures: CaptureEvaluation[];
  resolved: { ok: true; desiredState: NetworkState } | { ok: false; error: CaptureError } | null;
}

/** The expression with a caret under the failing position, as nmpolicy prints it. */
export function CaptureErrorPosition({ error }: { error: CaptureError }) {
  const { t } = usePluginTranslation();
  return (
    <div data-test="capture-error">
      <strong>{getCaptureErrorMessage(t, error)}</strong>
      <div className="pf-v6-u-font-size-sm">{error.message}</div>
      {error.expression !== undefined && error.position !== undefined && (
        <pre className="sb-capture-caret" data-test="capture-caret">
          {error.expression}
          {'\n'}
          {' '.repeat(Math.max(0, Math.min(error.position, error.expression.length)))}^
        </pre>
      )}
    </div>
  );
}

interface CaptureResolutionProps {
  capture: Record<string, string> | undefined;
  desiredState: NetworkState | undefined;
  nodes: string[];
  states: Map<string, NetworkState | undefined>;
  testId?: string;
}

/**
 * For each matched node: every capture's value (or its error at the expression position) and the
 * desired state after substitution, computed with the same engine the handler simulation uses.
 */
export function CaptureResolution({
  capture,
  desiredState,
  nodes,
  states,
  testId = 'capture-resolution',
}: CaptureResolutionProps) {
  const { t } = usePluginTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const resolutions = useMemo((): NodeResolution[] => {
    const c = capture ?? {};
    return nodes.map((node) => {
      const current = states.get(node);
      if (!current) return { node, hasState: false, captures: [], resolved: null };
      const r = resolvePolicyCaptures(c, desiredState ?? {}, current);
      return {
        node,
        hasState: true,
        captures: evaluateCaptures(c, current),
        resolved: r.ok ? { ok: true, desiredState: r.desiredState } : { ok: false, error: r.error },
      };
    });
  }, [capture, desiredState, nodes, states]);

  if (!capture || Object.keys(capture).length === 0)
    return (
      <Content component="p" data-test={`${testId}-none`}>
        {t('This policy has no captures.')}
      </Content>
    );
  if (nodes.length === 0)
    return (
      <Content component="p" data-test={`${testId}-no-nodes`}>
        {t('No matched node to resolve the captures on.')}
      </Content>
    );
  return (
    <Stack hasGutter data-test={testId}>
      {resolutions.map((res) => {
        const ok = res.resolved?.ok === true;
        return (
          <StackItem key={res.node} data-test={`capture-node-${res.node}`}>
            <ExpandableSection
              isExpanded={open === res.node}
              onToggle={(_e, v) => setOpen(v ? res.node : null)}
              toggleContent={
                <span>
                  {res.node}{' '}
                  {!res.hasState ? (
                    <Label isCompact>{t('No network state yet')}</Label>
                  ) : ok ? (
                    <Label isCompact status="success">
                      {t('Resolved')}
                    </Label>
                  ) : (
                    <Label isCompact status="danger">
                      {t('Does not resolve')}
                    </Label>
                  )}
                </span>
              }
              data-test={`capture-node-toggle-${res.node}`}
            >
              <Table variant="compact" aria-label={t('Captures')}>
                <Thead>
                  <Tr>
                    <Th>{t('Capture')}</Th>
                    <Th>{t('Expression')}</Th>
                    <Th>{t('Value on this node')}</Th>
                  </Tr>
                </Thead>
                <Tbody>
                  {res.captures.map((c) => (
                    <Tr key={c.name} data-test={`capture-row-${c.name}`}>
                      <Td>{c.name}</Td>
                      <Td>
                        <code>{c.expression}</code>
                      </Td>
                      <Td data-test="capture-value">
                        {c.ok ? (
                          <YamlView obj={c.value} testId={`capture-value-${c.name}`} />
                        ) : (
                          <CaptureErrorPosition error={c.error} />
                        )}
                      </Td>
                    </Tr>
                  ))}
                </Tbody>
              </Table>
              {/* Capture errors are already shown on their rows; only template errors are new here. */}
              {res.resolved && !res.resolved.ok && res.resolved.error.captureName === undefined && (
                <Alert variant="danger" isInline title={t('The desired state does not resolve')}>
                  <CaptureErrorPosition error={res.resolved.error} />
                </Alert>
              )}
              {res.resolved?.ok && (
                <>
                  <Content component="h4">{t('Resolved desired state')}</Content>
                  <YamlView obj={res.resolved.desiredState} testId="resolved-desired-state" />
                </>
              )}
            </ExpandableSection>
          </StackItem>
        );
      })}
    </Stack>
  );
}
