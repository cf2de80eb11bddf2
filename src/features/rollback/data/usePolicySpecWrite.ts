// Writes a new spec onto a policy the way rollback and revert need it: with the resourceVersion
// of the copy the user reviewed, waiting (on request) while admission refuses updates to a
// progressing policy, stopping on a conflict that changed the spec until the user has seen what
// changed (one that moved only status or metadata goes again onto the server's copy), recording
// a revision after success and then following the rollout.
import { useCallback, useEffect, useState } from 'react';
import { PolicyModel } from '../../../shared/k8s/models';
import { readResource, updateResource } from '../../../shared/k8s/mutations';
import { toK8sError } from '../../../shared/k8s/k8sError';
import type {
  NodeNetworkConfigurationPolicy,
  NodeNetworkConfigurationPolicySpec,
} from '../../../shared/model/nmstate';
import {
  classifyWriteError,
  shouldRetryWaitingWrite,
  whyNotRewriteOnServerCopy,
} from '../logic/rollout';
import type { RewriteRefusal } from '../logic/rollout';
import { recordPolicyRevision } from './revisionStore';

export type SpecWriteState =
  | { step: 'idle' }
  | { step: 'saving' }
  /** Admission refused: the policy is still rolling out. The user may choose to wait. */
  | {
      step: 'blocked';
      spec: NodeNetworkConfigurationPolicySpec;
      base: NodeNetworkConfigurationPolicy;
    }
  | {
      step: 'waiting';
      spec: NodeNetworkConfigurationPolicySpec;
      base: NodeNetworkConfigurationPolicy;
    }
  /** The policy changed since it was reviewed; `base` is what the user saw. */
  | { step: 'conflict'; base: NodeNetworkConfigurationPolicy; cause: RewriteRefusal }
  | { step: 'following'; generation: number | null }
  | { step: 'error'; message: string };

const toPut = (
  base: NodeNetworkConfigurationPolicy,
  spec: NodeNetworkConfigurationPolicySpec,
): NodeNetworkConfigurationPolicy => {
  const data = structuredClone(base);
  // Status belongs to the handler and is ignored on PUT; sending it would only add noise.
  Reflect.deleteProperty(data, 'status');
  data.spec = structuredClone(spec);
  return data;
};

/**
 * How often a write goes again onto the server's copy after a 409 that changed nothing the user
 * reviewed; a handler that keeps rewriting status could otherwise win every race.
 */
const MAX_STATUS_REWRITES = 3;

export function usePolicySpecWrite(live: NodeNetworkConfigurationPolicy | undefined) {
  const [state, setState] = useState<SpecWriteState>({ step: 'idle' });
  /** Recording the new generation in the history failed (the write itself succeeded). */
  const [historyError, setHistoryError] = useState<string | null>(null);

  const write = useCallback(
    (base: NodeNetworkConfigurationPolicy, spec: NodeNetworkConfigurationPolicySpec) => {
      setState({ step: 'saving' });
      const attempt = (onto: NodeNetworkConfigurationPolicy, rewrites: number): Promise<void> =>
        updateResource<NodeNetworkConfigurationPolicy>({
          model: PolicyModel,
          data: toPut(onto, spec),
        }).then(
          (updated) => {
            // The write succeeded and is what the user asked for; a history failure is shown apart.
            recordPolicyRevision(updated, { written: true }).catch((err: unknown) =>
              setHistoryError(err instanceof Error ? err.message : String(err)),
            );
            setState({ step: 'following', generation: updated.metadata.generation ?? null });
          },
          async (err: unknown) => {
            const e = toK8sError(err);
            const failure = classifyWriteError(e);
            let cause: RewriteRefusal = 'specChanged';
            if (failure === 'conflict') {
              const server = await readResource<NodeNetworkConfigurationPolicy>({
                model: PolicyModel,
                name: base.metadata.name,
              }).catch(() => undefined);
              if (server) {
                const why = whyNotRewriteOnServerCopy(base, server);
                if (why === null && rewrites > 0) return attempt(server, rewrites - 1);
                cause = why ?? cause;
              }
            }
            if (failure === 'waitForSettle') setState({ step: 'blocked', spec, base });
            else if (failure === 'conflict') setState({ step: 'conflict', base, cause });
            else setState({ step: 'error', message: e.message });
          },
        );
      void attempt(base, MAX_STATUS_REWRITES);
    },
    [],
  );

  const wait = useCallback(() => {
    setState((s) => (s.step === 'blocked' ? { ...s, step: 'waiting' } : s));
  }, []);

  const reset = useCallback(() => setState({ step: 'idle' }), []);

  /** The server's verdict on the write without persisting it (admission and validation run). */
  const dryRun = useCallback(
    async (
      base: NodeNetworkConfigurationPolicy,
      spec: NodeNetworkConfigurationPolicySpec,
    ): Promise<{ ok: true } | { ok: false; message: string }> => {
      try {
        await updateResource<NodeNetworkConfigurationPolicy>({
          model: PolicyModel,
          data: toPut(base, spec),
          dryRun: true,
        });
        return { ok: true };
      } catch (err) {
        return { ok: false, message: toK8sError(err).message };
      }
    },
    [],
  );

  useEffect(() => {
    if (state.step !== 'waiting' || !live || !shouldRetryWaitingWrite(live)) return;
    // Status updates move resourceVersion on while we wait; what the user reviewed must still be
    // there: the same object, not being deleted, with the same spec.
    const cause = whyNotRewriteOnServerCopy(state.base, live);
    if (cause === null) write(live, state.spec);
    else setState({ step: 'conflict', base: state.base, cause });
  }, [state, live, write]);

  return { state, write, wait, reset, dryRun, historyError };
}
