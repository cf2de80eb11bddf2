// Which NMState instance the operator acts on. kubernetes-nmstate reconciles only the oldest one
// (sorted by creationTimestamp) and deletes any other it is asked to reconcile
// (nmstate/kubernetes-nmstate, controllers/operator/nmstate_controller.go, Reconcile: "We only
// want one instance of NMState"). The watch's order is not the API's in the console, so "the
// first item of the list" would be any of them.
import type { NMState } from '../../../shared/model/nmstate';

/** The instance in effect: oldest first, then by name so equal timestamps are decided too. */
export function pickNMState(instances: readonly NMState[]): NMState | undefined {
  let best: NMState | undefined;
  for (const n of instances) {
    if (!best) {
      best = n;
      continue;
    }
    const a = n.metadata.creationTimestamp ?? '';
    const b = best.metadata.creationTimestamp ?? '';
    // RFC 3339 timestamps from one API server compare as strings; a missing one sorts last.
    const older = a !== b ? a !== '' && (b === '' || a < b) : n.metadata.name < best.metadata.name;
    if (older) best = n;
  }
  return best;
}
