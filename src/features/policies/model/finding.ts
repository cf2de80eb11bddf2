// Validation results are codes, never English: components translate `code` with `t()` and
// interpolate `params`. The shape is shared with the attachments feature and the CLI validator.

export type FindingSeverity = 'error' | 'warning' | 'info' | 'danger';

export interface Finding {
  severity: FindingSeverity;
  code: string;
  /** Dotted path into the validated object, e.g. `spec.desiredState.interfaces[2].vlan.id`. */
  path: string;
  params?: Record<string, string | number | boolean | string[]>;
}
