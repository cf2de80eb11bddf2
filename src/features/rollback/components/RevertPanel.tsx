// Revert a successful policy. Deleting a policy leaves its configuration on the nodes, so this
// generates the inverse desired state as an editable YAML draft, applies it onto the policy, and
// once the nodes are back offers to delete the policy.
import { useMemo, useState } from 'react';
import { parse } from 'yaml';
import {
  Alert,
  Button,
  Card,
  CardBody,
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
import type { Node } from '../../../shared/model/k8s';
import type {
  NetworkState,
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { getMatchedNodes } from '../../policies/logic/nodeSelection';
import { stringifyResourceYaml } from '../../policies/logic/resourceYaml';
import { getRevertBeforeStates } from '../logic/baseline';
import { buildRevertDesiredState, type RevertNote, type RevertNoteCode } from '../logic/revert';
import { usePolicySpecWrite } from '../data/usePolicySpecWrite';
import type { PolicyHistory } from '../data/usePolicyHistory';
import { WriteProgress } from './WriteProgress';
import { isRecord } from '../../../shared/logic/isRecord';

export function RevertPanel({
  policy,
  baselines,
  enactments,
  nodes,
  nodeStates,
  onClose,
}: {
  policy: NodeNetworkConfigurationPolicy;
  baselines: PolicyHistory['baselines'];
  enactments: readonly NodeNetworkConfigurationEnactment[];
  nodes: readonly Node[];
  nodeStates: readonly NodeNetworkState[];
  onClose: () => void;
}) {
  const { t } = usePluginTranslation();
  const [base, setBase] = useState(policy);
  const generated = useMemo(() => {
    const current = new Map<string, NetworkState>();
    for (const s of nodeStates)
      if (s.status?.currentState) current.set(s.metadata.name, s.status.currentState);
    const matched = getMatchedNodes(base, nodes).map((n) => n.metadata.name);
    const before = getRevertBeforeStates(base.spec, matched, current, baselines);
    return {
      ...buildRevertDesiredState(base.spec, before.states),
      assumedNodes: before.assumedNodes,
    };
    // Generated once per reviewed copy: live NNS updates must not overwrite the user's edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base]);
  const [text, setText] = useState(() => stringifyResourceYaml(generated.desiredState));
  const { state, write, wait, reset } = usePolicySpecWrite(policy);
  const del = useDeleteResource();

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

  const noteText = (n: RevertNote): string => {
    const p = { ...n.params, nodes: (n.nodes ?? []).join(', ') };
    const texts: Record<RevertNoteCode, string> = {
      'revert.perNodeDifference': t(
        '{{name}} differed between nodes before the policy; the values of {{used}} are used (also differs on: {{nodes}}).',
        p,
      ),
      'revert.createdOnSomeNodes': t(
        '{{name}} existed on some nodes before; it stays, and is left in place on: {{nodes}}.',
        p,
      ),
      'revert.interfaceUnknown': t(
        '{{name}} was removed by the policy and is not in any recorded state, so it cannot be recreated.',
        p,
      ),
      'revert.cannotRemovePhysical': t(
        '{{name}} is a physical NIC and cannot be removed; it is left as configured.',
        p,
      ),
      'revert.routeUnknown': t(
        'The removed route to {{destination}} is not in any recorded state.',
        p,
      ),
      'revert.templated': t(
        'The policy templates its interfaces from captures; review the inverse for each node.',
        p,
      ),
      'revert.noBeforeState': t(
        'No node state is known for the matched nodes: there is nothing to compare with.',
        p,
      ),
    };
    return texts[n.code];
  };

  return (
    <Card data-test="revert-panel">
      <CardTitle>{t('Revert {{name}}', { name: policy.metadata.name })}</CardTitle>
      <CardBody>
        <Stack hasGutter>
          <StackItem>
            {t(
              'Deleting a policy does not undo what it configured. This inverse desired state puts the nodes back: interfaces the policy created become absent, changed ones get their earlier values. Review and edit it, then apply it to the policy.',
            )}
          </StackItem>
          {generated.assumedNodes.length > 0 && (
            <StackItem>
              <Alert
                variant="warning"
                isInline
                isPlain
                data-test="revert-assumed"
                title={t(
                  'No state from before the policy was recorded for: {{nodes}}. Their current state was used, assuming the policy created the virtual interfaces it declares.',
                  { nodes: generated.assumedNodes.join(', ') },
                )}
              />
            </StackItem>
          )}
          {generated.notes.length > 0 && (
            <StackItem>
              <List data-test="revert-notes">
                {generated.notes.map((n, i) => (
                  <ListItem key={i}>{noteText(n)}</ListItem>
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
          <StackItem>
            <WriteProgress
              state={state}
              live={policy}
              enactments={enactments}
              onWait={wait}
              onReviewAgain={() => {
                setBase(policy);
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
                      onClick={() => del.mutate({ model: PolicyModel, resource: policy })}
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
