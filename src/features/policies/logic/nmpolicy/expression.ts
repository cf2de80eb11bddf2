// Parses one capture expression and lists the captures it references, for dependency ordering.
import { lexExpression } from './lexer';
import { parseTokens } from './parser';
import type { ExpressionNode, PathNode, Result } from './types';

export const CAPTURE_KEYWORD = 'capture';

export function parseExpression(expression: string): Result<ExpressionNode> {
  const tokens = lexExpression(expression);
  if (!tokens.ok) return tokens;
  return parseTokens(tokens.value);
}

/** The capture name of a `capture.<name>...` path; null for other paths, '' when the name is missing. */
export function captureNameOf(path: PathNode): string | null {
  const [head, name] = path.steps;
  if (head?.kind !== 'identity' || head.name !== CAPTURE_KEYWORD) return null;
  return name?.kind === 'identity' ? name.name : '';
}

export interface CaptureReference {
  name: string;
  position: number;
}

export function referencesOf(node: ExpressionNode): CaptureReference[] {
  const paths: PathNode[] = [];
  if (node.kind === 'bare') {
    if (node.node?.kind === 'path') paths.push(node.node);
  } else {
    if (node.source !== null) paths.push(node.source);
    if (node.value.kind === 'path') paths.push(node.value);
  }
  const refs: CaptureReference[] = [];
  for (const path of paths) {
    const name = captureNameOf(path);
    if (name !== null && name !== '') refs.push({ name, position: path.position });
  }
  return refs;
}
