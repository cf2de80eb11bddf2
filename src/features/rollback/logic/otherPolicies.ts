// What a revert would do to interfaces other policies declare: nmstate applies every policy onto
// one node state, so an interface the revert removes or resets may be one another policy also
// configures (or builds on), and that policy would fight it or fail on its next apply.
import type {
  NetworkInterface,
  NetworkState,
  NodeNetworkConfigurationPolicy,
} from '../../../shared/model/nmstate';
import { getBaseInterface, getInterfacePorts } from '../../policies/logic/validatePolicy';
import { isRecord } from '../../../shared/logic/isRecord';

export type OtherPolicyEffectKind =
  /** The other policy declares the interface the revert removes. */
  | 'removesDeclared'
  /** The other policy declares the interface the revert resets to earlier values. */
  | 'resetsDeclared'
  /** An interface of the other policy is built on, or a port of, one the revert removes. */
  | 'removesBase';

export interface OtherPolicyEffect {
  policy: string;
  interface: string;
  kind: OtherPolicyEffectKind;
}

const interfacesOf = (state: NetworkState | undefined): NetworkInterface[] => {
  const list: unknown = state?.interfaces;
  return Array.isArray(list)
    ? list.filter((i): i is NetworkInterface => isRecord(i) && typeof i.name === 'string')
    : [];
};

export const getOtherPolicyEffects = (
  policyName: string,
  inverse: NetworkState,
  policies: readonly NodeNetworkConfigurationPolicy[],
): OtherPolicyEffect[] => {
  const touched = interfacesOf(inverse);
  const removed = new Set(touched.filter((i) => i.state === 'absent').map((i) => i.name));
  const reset = new Set(touched.filter((i) => i.state !== 'absent').map((i) => i.name));
  const out: OtherPolicyEffect[] = [];
  for (const p of policies) {
    if (p.metadata.name === policyName) continue;
    for (const i of interfacesOf(p.spec.desiredState)) {
      if (i.state === 'absent') continue;
      if (removed.has(i.name))
        out.push({ policy: p.metadata.name, interface: i.name, kind: 'removesDeclared' });
      else if (reset.has(i.name))
        out.push({ policy: p.metadata.name, interface: i.name, kind: 'resetsDeclared' });
      const base = getBaseInterface(i);
      const on = [base, ...getInterfacePorts(i)].find((n) => n !== undefined && removed.has(n));
      if (on) out.push({ policy: p.metadata.name, interface: on, kind: 'removesBase' });
    }
  }
  return out;
};
