import {
  Alert,
  Content,
  ExpandableSection,
  Label,
  LabelGroup,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { YamlView } from '../../../shared/ui/YamlView';
import type { NodePreview, PolicyPreview } from '../model/policyPreview';
import { getCaptureErrorMessage, getFindingMessage } from './messages';
import { SettingsPreviewLines } from './SettingsPreviewLines';

const isParseRefusal = (code: string | undefined): boolean =>
  code === 'unknown-field' || code === 'invalid-value';

function NodePreviewCard({ preview }: { preview: NodePreview }) {
  const { t } = usePluginTranslation();
  const { interfaces: ifs, routes } = preview;
  const status =
    preview.status === 'ok'
      ? preview.unchanged
        ? { text: t('No change'), status: undefined }
        : { text: t('Will change'), status: 'info' as const }
      : preview.status === 'noState'
        ? { text: t('No network state reported yet'), status: 'warning' as const }
        : preview.status === 'captureFailed'
          ? {
              // The same generate step also parses the filled-in state as nmstate does; a
              // refusal there is not a capture problem.
              text: isParseRefusal(preview.captureError?.code)
                ? t('nmstate refuses the state')
                : t('Captures do not resolve'),
              status: 'danger' as const,
            }
          : { text: t('Would fail'), status: 'danger' as const };
  return (
    <div data-test={`preview-node-${preview.node}`}>
      <Content component="h4">
        {preview.node}{' '}
        <Label isCompact status={status.status} data-test="preview-status">
          {status.text}
        </Label>
      </Content>
      {preview.predictedFailure && (
        <Alert
          variant="danger"
          isInline
          isPlain
          title={preview.predictedFailure.message}
          data-test="preview-failure"
        />
      )}
      {preview.captureError && (
        <Alert
          variant="danger"
          isInline
          isPlain
          title={getCaptureErrorMessage(t, {
            code: preview.captureError.code,
            message: preview.captureError.message,
          })}
          data-test="preview-capture-error"
        >
          {preview.captureError.message}
        </Alert>
      )}
      <LabelGroup numLabels={12} categoryName={t('Interfaces')} data-test="preview-interfaces">
        {ifs.created.map((i) => (
          <Label
            key={`c-${i.name}-${i.type ?? ''}`}
            isCompact
            status="success"
            data-test={`preview-created-${i.name}`}
          >
            {t('create {{name}}', { name: i.name })}
          </Label>
        ))}
        {ifs.changed.map((i) => (
          <Label
            key={`m-${i.name}-${i.type ?? ''}`}
            isCompact
            status="info"
            data-test={`preview-changed-${i.name}`}
          >
            {t('change {{name}} ({{fields}})', { name: i.name, fields: i.fields.join(', ') })}
          </Label>
        ))}
        {ifs.removed.map((i) => (
          <Label
            key={`r-${i.name}-${i.type ?? ''}`}
            isCompact
            status="warning"
            data-test={`preview-removed-${i.name}`}
          >
            {t('remove {{name}}', { name: i.name })}
          </Label>
        ))}
      </LabelGroup>
      {routes.added.length + routes.removed.length > 0 && (
        <div className="pf-v6-u-font-size-sm" data-test="preview-routes">
          {t('Routes: {{added}} added, {{removed}} removed', {
            added: routes.added.length,
            removed: routes.removed.length,
          })}
        </div>
      )}
      {preview.dns.changed && (
        <div className="pf-v6-u-font-size-sm" data-test="preview-dns">
          {t('DNS changes: servers {{servers}}', {
            servers: (preview.dns.after?.server ?? []).join(', ') || '-',
          })}
        </div>
      )}
      <SettingsPreviewLines lines={preview.settings ?? []} />
      {(preview.otherChanges ?? []).length > 0 && (
        <div className="pf-v6-u-font-size-sm" data-test="preview-other">
          {t('Also changes: {{sections}}', { sections: (preview.otherChanges ?? []).join(', ') })}
        </div>
      )}
      {preview.capturesCached === true && (
        <div className="pf-v6-u-font-size-sm" data-test="preview-captures-cached">
          {t(
            "Captures come from this node's enactment (resolved when the policy was first applied); the handler does not resolve them again.",
          )}
        </div>
      )}
      {preview.warnings.map((w, i) => (
        <Alert
          key={`${w.code}-${i}`}
          variant={w.severity === 'warning' ? 'warning' : w.severity === 'info' ? 'info' : 'danger'}
          isInline
          isPlain
          title={getFindingMessage(t, w)}
          data-test={`preview-warning-${w.code}`}
        />
      ))}
      {preview.resolvedDesiredState && (
        <ExpandableSection toggleText={t('Desired state for this node')}>
          <YamlView obj={preview.resolvedDesiredState} testId="preview-resolved-state" />
        </ExpandableSection>
      )}
    </div>
  );
}

/** What the policy would do on each matched node, compared with its current state. */
export function PolicyPreviewView({ preview }: { preview: PolicyPreview }) {
  const { t } = usePluginTranslation();
  if (preview.nodes.length === 0)
    return (
      <Alert
        variant="warning"
        isInline
        title={t('The policy matches no node: nothing would change.')}
        data-test="policy-preview"
      />
    );
  return (
    <Stack hasGutter data-test="policy-preview">
      {preview.nodes.map((n) => (
        <StackItem key={n.node}>
          <NodePreviewCard preview={n} />
        </StackItem>
      ))}
    </Stack>
  );
}
