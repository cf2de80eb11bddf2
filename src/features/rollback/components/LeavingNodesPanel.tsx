// Nodes an edit or a rollback drops from a policy keep what it configured (leavingNodes.ts): the
// preview lists them with what stays, and offers the revert policies that undo it there.
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Content,
  List,
  ListItem,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { toK8sError } from '../../../shared/k8s/k8sError';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
  NetworkState,
} from '../../../shared/model/nmstate';
import {
  buildLeavingRevertPlan,
  getLeavingNodes,
  type LeavingRevertPlan,
} from '../logic/leavingNodes';
import { createLeavingRevert } from '../data/leavingRevert';
import { useInverseNoteText } from './inverseNoteText';

interface LeavingNodesPanelProps {
  /** The policy as it is on the cluster now. */
  before: NodeNetworkConfigurationPolicy;
  /** What it becomes (the draft, or the revision rolled back to). */
  after: Pick<NodeNetworkConfigurationPolicy, 'spec'>;
  nodes: readonly Node[];
  nodeStates: readonly NodeNetworkState[];
  enactments: readonly NodeNetworkConfigurationEnactment[];
  /**
   * The editor: the revert policies are created with the save, so they never fight the policy
   * while it still selects those nodes. Called with the plan when the user opts in.
   */
  onRevertOnSave?: (plan: LeavingRevertPlan | null) => void;
  /** The rollback: the revert can be created once the narrower spec is written. */
  canCreateNow?: boolean;
}

export function LeavingNodesPanel({
  before,
  after,
  nodes,
  nodeStates,
  enactments,
  onRevertOnSave,
  canCreateNow = false,
}: LeavingNodesPanelProps) {
  const { t } = usePluginTranslation();
  const noteText = useInverseNoteText();
  const leaving = useMemo(
    () => getLeavingNodes(before, after, nodes, enactments),
    [before, after, nodes, enactments],
  );
  const plan = useMemo(() => {
    const states = new Map<string, NetworkState>();
    for (const s of nodeStates)
      if (s.status?.currentState) states.set(s.metadata.name, s.status.currentState);
    return buildLeavingRevertPlan(
      before,
      leaving.filter((l) => l.interfaces.length > 0 || l.routes.length > 0).map((l) => l.node),
      nodes,
      states,
      enactments,
    );
  }, [before, leaving, nodes, nodeStates, enactments]);
  const [optIn, setOptIn] = useState(false);
  const [created, setCreated] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The plan follows the draft; the editor always holds the current one.
  useEffect(() => {
    onRevertOnSave?.(optIn && plan.policies.length > 0 ? plan : null);
  }, [optIn, plan, onRevertOnSave]);

  if (leaving.length === 0) return null;

  const createNow = async () => {
    setBusy(true);
    setError(null);
    try {
      const done = await createLeavingRevert(plan);
      setCreated(done.map((p) => p.metadata.name));
    } catch (err) {
      setError(toK8sError(err).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      variant="warning"
      isInline
      className="pf-v6-u-mt-md"
      title={t('{{count}} nodes leave this policy, and what it configured stays on them', {
        count: leaving.length,
      })}
      data-test="leaving-nodes"
    >
      <Stack hasGutter>
        <StackItem>
          {t(
            'kubernetes-nmstate does not undo a policy on a node it stops selecting: it only deletes that node’s enactment.',
          )}
        </StackItem>
        <StackItem>
          <List>
            {leaving.map((l) => (
              <ListItem key={l.node} data-test={`leaving-node-${l.node}`}>
                <strong>{l.node}</strong>:{' '}
                {l.interfaces.length === 0 && l.routes.length === 0
                  ? t('nothing of the policy is in place there')
                  : [
                      l.interfaces.length > 0 &&
                        t('interfaces {{names}}', {
                          names: l.interfaces
                            .map((i) => (i.type ? `${i.name} (${i.type})` : i.name))
                            .join(', '),
                        }),
                      l.routes.length > 0 &&
                        t('routes {{routes}}', {
                          routes: l.routes
                            .map((r) => r.destination ?? '')
                            .filter(Boolean)
                            .join(', '),
                        }),
                    ]
                      .filter(Boolean)
                      .join('; ')}
              </ListItem>
            ))}
          </List>
        </StackItem>
        {plan.policies.length > 0 && (
          <StackItem>
            <Content component="p">
              {t(
                'Reverting creates these policies; interfaces the policy created are removed (state absent). Deleting them later undoes nothing, so keep them or delete them once they are Available:',
              )}
            </Content>
            <List>
              {plan.policies.map((p) => (
                <ListItem
                  key={p.metadata.name}
                  data-test={`leaving-revert-policy-${p.metadata.name}`}
                >
                  {t('{{name}}, selecting {{selector}}', {
                    name: p.metadata.name,
                    selector: Object.entries(p.spec.nodeSelector ?? {})
                      .map(([k, v]) => `${k}=${v}`)
                      .join(', '),
                  })}
                </ListItem>
              ))}
            </List>
          </StackItem>
        )}
        {plan.notes.length > 0 && (
          <StackItem>
            <List data-test="leaving-revert-notes">
              {plan.notes.map((n, i) => (
                <ListItem key={`${n.code}-${n.element}-${i}`}>{noteText(n)}</ListItem>
              ))}
            </List>
          </StackItem>
        )}
        {plan.policies.length > 0 && onRevertOnSave && (
          <StackItem>
            <Checkbox
              id="leaving-revert"
              data-test="leaving-revert"
              label={t('Revert it on these nodes when I save ({{count}} policies)', {
                count: plan.policies.length,
              })}
              isChecked={optIn}
              onChange={(_e, v) => setOptIn(v)}
            />
          </StackItem>
        )}
        {plan.policies.length > 0 && !onRevertOnSave && created === null && (
          <StackItem>
            <Button
              variant="secondary"
              isDisabled={!canCreateNow || busy}
              isLoading={busy}
              onClick={() => void createNow()}
              data-test="leaving-revert-create"
            >
              {t('Revert it on these nodes ({{count}} policies)', {
                count: plan.policies.length,
              })}
            </Button>
            {!canCreateNow && (
              <Content component="small" className="pf-v6-u-ml-sm">
                {t(
                  'Available once the rollback is written, so the revert never fights the policy.',
                )}
              </Content>
            )}
          </StackItem>
        )}
        {created && (
          <StackItem data-test="leaving-revert-created">
            {t('Created: {{names}}', { names: created.join(', ') })}
          </StackItem>
        )}
        {error && (
          <StackItem>
            <Alert
              variant="danger"
              isInline
              isPlain
              title={error}
              data-test="leaving-revert-error"
            />
          </StackItem>
        )}
      </Stack>
    </Alert>
  );
}
