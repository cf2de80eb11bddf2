// The part of a policy the editor shows and edits. Status and field ownership are the server's:
// left in, every server copy (the one loaded, the one read after a 409) would differ from the
// draft in them, cluttering the conflict diff and the merged YAML with bookkeeping.
import type { NodeNetworkConfigurationPolicy } from '../../../shared/model/nmstate';

export const getEditablePolicy = (
  policy: NodeNetworkConfigurationPolicy,
): NodeNetworkConfigurationPolicy => {
  const copy = structuredClone(policy);
  delete copy.status;
  delete copy.metadata.managedFields;
  return copy;
};
