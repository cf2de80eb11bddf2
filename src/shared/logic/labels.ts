// Kubernetes label syntax (k8s.io/apimachinery pkg/util/validation: IsValidLabelValue): a value
// is empty or at most 63 characters, alphanumerics with '-', '_' and '.' inside.

/** Label-safe characters: alphanumeric at both ends, `-_.` allowed inside. */
export const LABEL_SAFE = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

/** Whether `v` may be a label's value (the API server refuses selectors and labels otherwise). */
export const isValidLabelValue = (v: unknown): boolean =>
  typeof v === 'string' && (v === '' || (v.length <= 63 && LABEL_SAFE.test(v)));

/** A DNS-1123 label's characters (pkg/util/validation IsDNS1123Label; the 63 limit is separate). */
export const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
