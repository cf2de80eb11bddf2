// agent-install.openshift.io/v1beta1 NMStateConfig, written from openshift/assisted-service
// config/crd/bases/agent-install.openshift.io_nmstateconfigs.yaml: `spec.config` is raw nmstate
// (an object with unknown fields preserved), `spec.interfaces[]` maps the names used in it to MACs
// (both required, MAC pattern, at least one entry). The CRD has a status subresource but no status.
import type { Schema } from './schema';
import { arr, obj, preserved, root, str } from './schema';

export const nmStateConfigSchema: Schema = root({
  spec: obj({
    config: preserved(),
    interfaces: arr(
      obj(
        {
          macAddress: str({ pattern: '^([0-9A-Fa-f]{2}[:]){5}([0-9A-Fa-f]{2})$' }),
          name: str(),
        },
        { required: ['macAddress', 'name'] },
      ),
      { minItems: 1 },
    ),
  }),
});
