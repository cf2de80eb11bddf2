// Renders a capture error the way upstream nmpolicy prints it: the message, then the expression
// and a marker line whose dots end in `^` under the failing position.
import type { CaptureError } from './types';

export function formatSnippet(expression: string, position: number): string {
  if (expression === '') return '';
  const clamped = Math.max(0, Math.min(position, expression.length - 1));
  return `| ${expression}\n| ${'.'.repeat(clamped)}^`;
}

export function formatCaptureError(error: CaptureError): string {
  const where =
    error.captureName !== undefined
      ? `capture ${error.captureName}: `
      : error.path !== undefined
        ? `desiredState.${error.path}: `
        : '';
  const head = `${where}${error.message}`;
  if (error.expression === undefined || error.position === undefined) return head;
  const snippet = formatSnippet(error.expression, error.position);
  return snippet === '' ? head : `${head}\n${snippet}`;
}
