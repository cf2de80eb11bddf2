// Narrow a failing new policy to the nodes where it works: the selector gains labels only those
// nodes share (logic/narrow.ts), with the per-node preview of the narrowed policy before apply.
// Nodes that leave the selection keep their state: the handler restored the failing ones.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, CardBody, CardTitle, Stack, StackItem } from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { Node } from '../../../shared/model/k8s';
import type {
  NodeNetworkConfigurationEnactment,
  NodeNetworkConfigurationPolicy,
  NodeNetworkState,
} from '../../../shared/model/nmstate';
import { findNarrowingSelector } from '../logic/narrow';
import { usePolicySpecWrite } from '../data/usePolicySpecWrite';
import { NodePreviewTable } from './NodePreviewTable';
import { SpecDiff } from './SpecDiff';
import { WriteProgress } from './WriteProgress';

export function NarrowPanel({
  policy,
  working,
  enactments,
  nodes,
  nodeStates,
  onClose,
}: {
  policy: NodeNetworkConfigurationPolicy;
  working: readonly string[];
  enactments: readonly NodeNetworkConfigurationEnactment[];
  nodes: readonly Node[];
  nodeStates: readonly NodeNetworkState[];
  onClose: () => void;
}) {
  const { t } = usePluginTranslation();
  const [base, setBase] = useState(policy);
  const narrowed = useMemo(
    () => findNarrowingSelector(base, nodes, working),
    [base, nodes, working],
  );
  const spec = useMemo(
    () => (narrowed.ok ? { ...base.spec, nodeSelector: narrowed.nodeSelector } : null),
    [base, narrowed],
  );
  const candidate = useMemo(() => (spec ? { ...base, spec } : null), [base, spec]);
  const { state, write, wait, reset } = usePolicySpecWrite(policy);
  return (
    <Card data-test="narrow-panel">
      <CardTitle>
        {t('Narrow {{name}} to the nodes where it works', { name: policy.metadata.name })}
      </CardTitle>
      <CardBody>
        <Stack hasGutter>
          {!narrowed.ok && (
            <StackItem>
              <Alert
                variant="warning"
                isInline
                isPlain
                data-test="narrow-refused"
                title={
                  narrowed.reason === 'narrow.noWorkingNode'
                    ? t('The policy works on no node yet.')
                    : t(
                        'No node labels select exactly the nodes where it works ({{nodes}}). Label those nodes, or edit the policy.',
                        { nodes: working.join(', ') },
                      )
                }
              />
            </StackItem>
          )}
          {spec && candidate && (
            <>
              <StackItem>
                <SpecDiff from={base.spec} to={spec} testId="narrow-diff" />
              </StackItem>
              <StackItem>
                <NodePreviewTable policy={candidate} nodes={nodes} nodeStates={nodeStates} />
              </StackItem>
            </>
          )}
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
            />
          </StackItem>
          <StackItem>
            {state.step === 'idle' && (
              <Button
                variant="primary"
                isDisabled={!spec}
                onClick={() => spec && write(base, spec)}
                data-test="narrow-apply"
              >
                {t('Narrow the policy')}
              </Button>
            )}{' '}
            <Button variant="link" onClick={onClose} data-test="narrow-close">
              {state.step === 'following' ? t('Close') : t('Cancel')}
            </Button>
          </StackItem>
        </Stack>
      </CardBody>
    </Card>
  );
}
