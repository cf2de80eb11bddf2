// Set-up through the API for the specs: unique object names, and for the rollback specs a one-VLAN
// policy, its creation, and waiting on the handler's conditions and on a node's interfaces.
import { expect } from './fixtures';
import type { KubeClient } from './fixtures';

export const NNCP = '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies';
export const REVISIONS = '/apis/apps/v1/namespaces/openshift-nmstate/controllerrevisions';

export interface Condition {
  type: string;
  status: string;
  reason?: string;
}
export interface Policy {
  metadata: { name: string; uid?: string; generation?: number; resourceVersion?: string };
  spec: Record<string, unknown> & { nodeSelector?: Record<string, string> };
  status?: { conditions?: Condition[] };
}

let seq = 0;
/** A name no other test (or earlier run against a kept sandbox) has used. */
export const unique = (prefix: string): string =>
  `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

export const vlan = (base: string, id: number) => ({
  desiredState: {
    interfaces: [
      { name: `${base}.${id}`, type: 'vlan', state: 'up', vlan: { 'base-iface': base, id } },
    ],
  },
});

export async function createPolicy(
  kube: KubeClient,
  name: string,
  spec: Record<string, unknown>,
): Promise<void> {
  await kube.post(NNCP, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec,
  });
}

/** Waits until the policy's condition `type` is True and returns the policy as then read. */
export async function waitForCondition(
  kube: KubeClient,
  name: string,
  type: string,
): Promise<Policy> {
  let last: Policy | undefined;
  await expect
    .poll(
      async () => {
        last = await kube.get<Policy>(`${NNCP}/${name}`);
        return last.status?.conditions?.find((c) => c.type === type)?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('True');
  return last as Policy;
}

export const interfaceNames = async (kube: KubeClient, node: string): Promise<string[]> => {
  const nns = await kube.get<{ status?: { currentState?: { interfaces?: { name: string }[] } } }>(
    `/apis/nmstate.io/v1beta1/nodenetworkstates/${node}`,
  );
  return (nns.status?.currentState?.interfaces ?? []).map((i) => i.name);
};
