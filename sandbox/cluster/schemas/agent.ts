// agent-install.openshift.io/v1beta1 NMStateConfig, written from openshift/assisted-service
// config/crd/bases/agent-install.openshift.io_nmstateconfigs.yaml: `spec.config` is raw nmstate
// (an object with unknown fields preserved), `spec.interfaces[]` maps the names used in it to MACs
// (both required, MAC pattern, at least one entry). The CRD has a status subresource but no status.
import type { Schema } from './schema';
import { arr, int, map, obj, preserved, root, str } from './schema';

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

const ref = (required: string[]): Schema =>
  obj({ name: str(), namespace: str() }, required.length > 0 ? { required } : {});

/**
 * agent-install.openshift.io/v1beta1 InfraEnv, from openshift/assisted-service
 * config/crd/bases/agent-install.openshift.io_infraenvs.yaml: every spec field, so pruning keeps
 * what the CRD keeps. `nmStateConfigLabelSelector` is a metav1.LabelSelector; the CRD checks only
 * its shape (key and operator required), the controller refuses bad operators and values later.
 * The status is written by the controller, which the sandbox does not run.
 */
export const infraEnvSchema: Schema = root({
  spec: obj(
    {
      additionalNTPSources: arr(str()),
      additionalTrustBundle: str(),
      agentApproval: obj({ autoApprove: { type: 'boolean', default: false } }),
      agentLabels: map(str()),
      clusterRef: ref([]),
      cpuArchitecture: str({ default: 'x86_64' }),
      ignitionConfigOverride: str(),
      imageType: str(),
      ipxeScriptType: str({
        default: 'DiscoveryImageAlways',
        enum: ['', 'DiscoveryImageAlways', 'BootOrderControl'],
      }),
      kernelArguments: arr(
        obj({
          operation: str({ enum: ['append', 'replace', 'delete'] }),
          value: str({ pattern: '^(?:(?:[^ \\t\\n\\r"]+)|(?:"[^"]*"))+$' }),
        }),
      ),
      mirrorRegistryRef: ref(['name', 'namespace']),
      networkDiscoveryDelaySeconds: int({ minimum: 0 }),
      nmStateConfigLabelSelector: obj({
        matchExpressions: arr(
          obj(
            { key: str(), operator: str(), values: arr(str()) },
            { required: ['key', 'operator'] },
          ),
        ),
        matchLabels: map(str()),
      }),
      ntpSources: arr(str()),
      osImageVersion: str(),
      proxy: obj({ httpProxy: str(), httpsProxy: str(), noProxy: str() }),
      pullSecretRef: obj({ name: str({ default: '' }) }),
      sshAuthorizedKey: str(),
    },
    { required: ['pullSecretRef'] },
  ),
  status: preserved(),
});
