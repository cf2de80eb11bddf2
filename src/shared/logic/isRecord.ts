/**
 * A plain JSON object (not null, not an array). Cluster data and user input are `unknown` at
 * the edges; every pure module narrows with this one guard.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
