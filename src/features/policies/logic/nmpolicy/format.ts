// Renders errors as nmstate prints them (nmstate/nmstate rust/src/lib/error.rs `Display`):
// `<Kind>: <msg>`, and for policy errors the line and a marker of dots ending in `^` under the
// failing position. nmstatectl prefixes `NmstateError: ` (rust/src/cli/error.rs).
import type { CaptureError } from './types';

export function formatSnippet(expression: string, position: number): string {
  return `| ${expression}\n| ${'.'.repeat(Math.max(0, position))}^`;
}

/** Exactly nmstate's Display of the error (`PolicyError: msg\n| line\n| ...^`). */
export function formatNmstateError(error: CaptureError): string {
  const kind = error.kind ?? 'PolicyError';
  const head = `${kind}: ${error.message}`;
  if (kind !== 'PolicyError' || error.expression === undefined || error.position === undefined)
    return head;
  return `${head}\n${formatSnippet(error.expression, error.position)}`;
}

/** nmstate's rendering prefixed with where the error sits, for the CLI and logs. */
export function formatCaptureError(error: CaptureError): string {
  const where =
    error.captureName !== undefined
      ? `capture ${error.captureName}: `
      : error.path !== undefined
        ? `desiredState.${error.path}: `
        : '';
  return `${where}${formatNmstateError(error)}`;
}
