// Revert a policy. Deleting a policy leaves its configuration on the nodes, so this computes, per
// node, the state to return to (logic/inverse.ts), shows what it refuses and why, the per-node
// preview and what it does to other policies' interfaces, offers a server dry-run, applies it
// onto the policy and, once the nodes are back, offers to delete the policy.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { parse } from 'yaml';
import {
  Alert,
  Button,
  Card,
  CardBody,
  Checkbox,
  CardTitle,
  List,
  ListItem,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { CodeEditor } from '../../../shared/ui/CodeEditor';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { PolicyModel } from '../../../shared/k8s/models';
import { useDeleteResource } from '../../../shared/k8s/mutations';
import { POLICY_LIST_URL } from '../../../shared/policyRoutes';
import type { Node } from '../../../shared/model/k8s';
import { NodePreviewTable } from './NodePreviewTable';
import type {
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { getMatchedNodes } from '../../policies/logic/nodeSelection';
import { stringifyResourceYaml } from '../../policies/logic/resourceYaml';
import { buildInverse, withInverse } from '../logic/inverse';
import { getNodeRevertInputs, type TrustedBaseline } from '../logic/revertInputs';
import { getOtherPolicyEffects, type OtherPolicyEffectKind } from '../logic/otherPolicies';
import { usePolicySpecWrite } from '../data/usePolicySpecWrite';
import { WriteProgress } from './WriteProgress';
import { useInverseNoteText } from './inverseNoteText';
import { isRecord } from '../../../shared/logic/isRecord';

export function RevertPanel({
  policy,
  baselines,
  enactments,
  nodes,
  nodeStates,
  policies,
  onClose,
  testId = 'revert-panel',
}: {
  policy: NodeNetworkConfigurationPolicy;
  baselines: readonly TrustedBaseline[];
  enactments: readonly NodeNetworkConfigurationEnactment[];
  nodes: readonly Node[];
  nodeStates: readonly NodeNetworkState[];
  /** Every policy, to show what the revert does to the interfaces others declare. */
  policies: readonly NodeNetworkConfigurationPolicy[];
  onClose: () => void;
  testId?: string;
}) {
  const { t } = usePluginTranslation();
  const [base, setBase] = useState(policy);
  const [assume, setAssume] = useState(false);
  const generated = useMemo(() => {
    const current = new Map<string, NetworkState>();
    for (const s of nodeStates)
      if (s.status?.currentState) current.set(s.metadata.name, s.status.currentState);
    const matched = getMatchedNodes(base, nodes).map((n) => n.metadata.name);
    const inputs = getNodeRevertInputs(base, matched, current, enactments, baselines);
    return {
      ...buildInverse(inputs, { assumeDeclaredVirtualCreated: assume }),
      unknownNodes: inputs.filter((i) => i.before.knowledge !== 'complete').map((i) => i.node),
    };
    // Generated once per reviewed copy and choice: live updates must not overwrite the user's edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base, assume]);
  const [text, setText] = useState(() => stringifyResourceYaml(generated.desiredState));
  const [shown, setShown] = useState(generated);
  if (shown !== generated) {
    // A new computation (the assumption toggled, or review again) replaces the draft.
    setShown(generated);
    setText(stringifyResourceYaml(generated.desiredState));
  }
  const [dry, setDry] = useState<{ ok: true } | { ok: false; message: string } | 'running' | null>(
    null,
  );
  const { state, write, wait, reset, dryRun, historyError } = usePolicySpecWrite(policy);
  const del = useDeleteResource();
  const navigate = useNavigate();

  const parsed = useMemo((): { ok: true; value: NetworkState } | { ok: false; message: string } => {
    try {
      const value: unknown = parse(text);
      if (!isRecord(value))
        return { ok: false, message: t('The desired state must be a YAML mapping.') };
      return { ok: true, value };
    } catch (err) {
      return { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  }, [text, t]);

  const candidate = useMemo(
    () => (parsed.ok ? withInverse(base, parsed.value) : null),
    [base, parsed],
  );
  const effects = useMemo(
    () => (parsed.ok ? getOtherPolicyEffects(base.metadata.name, parsed.value, policies) : []),
    [base, parsed, policies],
  );
  const effectText = (kind: OtherPolicyEffectKind, iface: string, other: string): string => {
    const p = { iface, other };
    if (kind === 'removesDeclared')
      return t('Removes {{iface}}, which {{other}} also declares.', p);
    if (kind === 'resetsDeclared')
      return t('Resets {{iface}}, which {{other}} also configures.', p);
    return t('Removes {{iface}}, which an interface of {{other}} is built on.', p);
  };

  const noteText = useInverseNoteText();

  return (
    <Card data-test={testId}>
      <CardTitle>{t('Revert {{name}}', { name: policy.metadata.name })}</CardTitle>
      <CardBody>
        <Stack hasGutter>
          <StackItem>
            {t(
              'Deleting a policy does not undo what it configured. This state puts each node back as it was before the policy: interfaces it created are removed when nothing is built on them, interfaces it changed get their earlier values, and DNS, routes and route rules return to what they were. What is not known is not reverted and listed below. Review and edit it, then apply it to the policy.',
            )}
          </StackItem>
          {generated.unknownNodes.length > 0 && (
            <StackItem>
              <Alert
                variant="warning"
                isInline
                isPlain
                data-test="revert-assumed"
                title={t('No complete state from before the policy was recorded for: {{nodes}}.', {
                  nodes: generated.unknownNodes.join(', '),
                })}
              />
              <Checkbox
                id={`${testId}-assume`}
                label={t(
                  'Assume the policy created the virtual interfaces it declares on these nodes',
                )}
                isChecked={assume}
                isDisabled={state.step !== 'idle'}
                onChange={(_e, v) => {
                  setAssume(v);
                  setDry(null);
                }}
                data-test="revert-assume"
              />
            </StackItem>
          )}
          {generated.notes.length > 0 && (
            <StackItem>
              <List data-test="revert-notes">
                {generated.notes.map((n, i) => (
                  <ListItem key={i} data-test={`revert-note-${n.code}`}>
                    {noteText(n)}
                  </ListItem>
                ))}
              </List>
            </StackItem>
          )}
          <StackItem>
            <CodeEditor
              value={text}
              onChange={setText}
              ariaLabel={t('Inverse desired state')}
              testId="revert-editor"
              readOnly={state.step !== 'idle'}
              minLines={10}
            />
            {!parsed.ok && (
              <Alert
                variant="danger"
                isInline
                isPlain
                title={parsed.message}
                data-test="revert-parse-error"
              />
            )}
          </StackItem>
          {candidate && (
            <StackItem>
              <NodePreviewTable policy={candidate} nodes={nodes} nodeStates={nodeStates} />
            </StackItem>
          )}
          <StackItem>
            {effects.length === 0 ? (
              <p data-test="revert-other-policies-none">
                {t('No other policy declares the interfaces this revert touches.')}
              </p>
            ) : (
              <Alert
                variant="warning"
                isInline
                title={t('Effect on other policies')}
                data-test="revert-other-policies"
              >
                <List>
                  {effects.map((e, i) => (
                    <ListItem key={i}>{effectText(e.kind, e.interface, e.policy)}</ListItem>
                  ))}
                </List>
              </Alert>
            )}
          </StackItem>
          {dry !== null && dry !== 'running' && (
            <StackItem>
              <Alert
                variant={dry.ok ? 'success' : 'danger'}
                isInline
                isPlain
                data-test="revert-dry-run-result"
                title={dry.ok ? t('The server accepted the inverse state (dry run).') : dry.message}
              />
            </StackItem>
          )}
          {historyError && (
            <StackItem>
              <Alert
                variant="warning"
                isInline
                isPlain
                data-test="revert-history-error"
                title={t(
                  'The revert was applied, but its history could not be recorded: {{message}}',
                  {
                    message: historyError,
                  },
                )}
              />
            </StackItem>
          )}
          <StackItem>
            <WriteProgress
              state={state}
              live={policy}
              enactments={enactments}
              onWait={wait}
              onReviewAgain={() => {
                setBase(policy);
                setDry(null);
                reset();
              }}
              settledActions={
                del.isSuccess ? (
                  <p data-test="revert-deleted">{t('The policy was deleted.')}</p>
                ) : (
                  <>
                    <p>
                      {t(
                        'The nodes are back. The policy now only holds the inverse state; you can delete it.',
                      )}
                    </p>
                    <Button
                      variant="danger"
                      isLoading={del.isPending}
                      // Then to the policy list, as the page's own Delete action goes: the page
                      // watches the policy by name, and the console polls a named object every
                      // 30 s, so staying would only fetch a 404 for an object we know is gone.
                      onClick={() =>
                        del.mutate(
                          { model: PolicyModel, resource: policy },
                          { onSuccess: () => void navigate(POLICY_LIST_URL) },
                        )
                      }
                      data-test="revert-delete-policy"
                    >
                      {t('Delete policy')}
                    </Button>
                    {del.error && (
                      <Alert variant="danger" isInline isPlain title={del.error.message} />
                    )}
                  </>
                )
              }
            />
          </StackItem>
          <StackItem>
            {state.step === 'idle' && (
              <Button
                variant="secondary"
                isDisabled={!parsed.ok || dry === 'running'}
                isLoading={dry === 'running'}
                onClick={() => {
                  if (!parsed.ok) return;
                  setDry('running');
                  void dryRun(base, { ...base.spec, desiredState: parsed.value }).then(setDry);
                }}
                data-test="revert-dry-run"
              >
                {t('Dry run')}
              </Button>
            )}{' '}
            {state.step === 'idle' && (
              <Button
                variant="danger"
                isDisabled={!parsed.ok}
                onClick={() =>
                  parsed.ok && write(base, { ...base.spec, desiredState: parsed.value })
                }
                data-test="revert-apply"
              >
                {t('Apply inverse state')}
              </Button>
            )}{' '}
            <Button variant="link" onClick={onClose} data-test="revert-close">
              {state.step === 'following' ? t('Close') : t('Cancel')}
            </Button>
          </StackItem>
        </Stack>
      </CardBody>
    </Card>
  );
}
