// The switch-port VLAN check for the topology, as a component of its own so the page loads the
// check (about a fifth of its bytes) only where Metal3 is installed: elsewhere there are no
// switch ports to check.
import { useEffect } from 'react';
import { useSwitchPortMismatches } from '../../switch-ports/data/useVlanCheck';
import type { SharedNodeLists } from '../../switch-ports/data/useVlanCheck';
import type { VlanMismatch } from '../../switch-ports/model/types';

interface SwitchPortMismatchProbeProps {
  /** Check this node only (the one-node topology). */
  node?: string;
  /** The cluster view's NNS and Node digests, which the check reads instead of its own lists. */
  shared?: SharedNodeLists;
  onChange: (byPort: ReadonlyMap<string, VlanMismatch[]>) => void;
}

export function SwitchPortMismatchProbe({ node, shared, onChange }: SwitchPortMismatchProbeProps) {
  const byPort = useSwitchPortMismatches(true, node, shared);
  useEffect(() => onChange(byPort), [byPort, onChange]);
  return null;
}
