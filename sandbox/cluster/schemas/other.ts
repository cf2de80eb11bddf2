// Schemas for the Multus NAD and the OpenShift config/operator singletons.
import type { Schema } from './schema';
import { preserved, obj, root, str } from './schema';

/** `spec.config` is CNI JSON in a string; the API server never parses it (neither does upstream). */
export const networkAttachmentDefinitionSchema: Schema = {
  ...root({ spec: obj({ config: str() }) }),
};

// The OpenShift config and operator APIs are large and evolve every release; the sandbox keeps
// whatever a scenario writes so the console can read clusterNetwork/serviceNetwork/platform.
export const openshiftPreservedSchema: Schema = root({ spec: preserved(), status: preserved() });
