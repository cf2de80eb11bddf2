// Validation results are codes, never English: components translate `code` with `t()` and
// interpolate `params`. Structurally compatible with the attachments feature's findings
// (`{ severity, code, path, params? }`), plus 'danger' for changes OpenShift does not support.

export type FindingSeverity = 'error' | 'warning' | 'info' | 'danger';

export interface Finding {
  severity: FindingSeverity;
  code: string;
  /** Dotted path into the validated object, e.g. `spec.desiredState.interfaces[2].vlan.id`. */
  path: string;
  params?: Record<string, string | number>;
  /** The nodes a finding applies to, when it does not apply to every matched node. */
  nodes?: string[];
}

export type Platform = 'openshift' | 'microshift' | 'kubernetes';
