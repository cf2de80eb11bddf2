// Everything the switch-ports page shows: the VLAN check's inputs and findings (useVlanCheck.ts)
// plus the per-host and per-switch port views built from the same lists.
import { useMemo } from 'react';
import { checkVlanConsistency } from '../logic/checkVlanConsistency';
import { buildHostPortsViews, buildSwitchViews } from '../logic/hostPorts';
import type { HostPortsView, SwitchView } from '../logic/hostPorts';
import type { VlanMismatch } from '../model/types';
import { useVlanCheckInputs, type VlanCheckDraft, type VlanCheckInputs } from './useVlanCheck';

export type { VlanCheckDraft } from './useVlanCheck';

export interface SwitchPortsData extends Omit<VlanCheckInputs, 'nodes'> {
  hostViews: HostPortsView[];
  switchViews: SwitchView[];
  mismatches: VlanMismatch[];
}

/**
 * `switchesInstalled` false skips the switch/attachment watches (their CRDs are absent).
 * `draft` lets editors check what the user is about to save, not only what is stored.
 */
export function useSwitchPortsData(
  /** The switch CRDs' console flag; undefined while the console has not evaluated it. */
  switchesInstalled: boolean | undefined,
  draft?: VlanCheckDraft,
  /** False (e.g. no Metal3 on this cluster) watches nothing and finds nothing. */
  enabled = true,
): SwitchPortsData {
  const inputs = useVlanCheckInputs(switchesInstalled, { draft, enabled });
  const { hosts, hardwareData, switches, attachments, nodes, nodeNetworkStates } = inputs;
  const hostViews = useMemo(
    () =>
      buildHostPortsViews({ hosts, hardwareData, switches, attachments, nodes, nodeNetworkStates }),
    [hosts, hardwareData, switches, attachments, nodes, nodeNetworkStates],
  );
  const switchViews = useMemo(
    () => buildSwitchViews({ hosts, hardwareData, switches, attachments }),
    [hosts, hardwareData, switches, attachments],
  );
  const mismatches = useMemo(
    () => checkVlanConsistency(inputs.impactInputs),
    [inputs.impactInputs],
  );
  return {
    hosts,
    switches,
    attachments,
    hostViews,
    switchViews,
    mismatches,
    hardwareData,
    nodeNetworkStates,
    policies: inputs.policies,
    impactInputs: inputs.impactInputs,
    primary: inputs.primary,
    isLoading: inputs.isLoading,
  };
}
