// Shared types of the nmpolicy capture engine: tokens, AST nodes, JSON values and errors.
// Positions are 0-based offsets into the capture expression, as upstream nmpolicy reports them.
import type { NetworkState } from '../../../../shared/model/nmstate';

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export type TokenType =
  | 'EOF'
  | 'IDENTITY'
  | 'NUMBER'
  | 'STRING'
  | 'BOOLEAN'
  | 'DOT'
  | 'PIPE'
  | 'REPLACE'
  | 'EQFILTER'
  | 'NEFILTER'
  | 'MERGE';

export interface Token {
  type: TokenType;
  literal: string;
  position: number;
}

export type PathStep =
  | { kind: 'identity'; name: string; position: number }
  | { kind: 'index'; index: number; position: number };

export interface PathNode {
  kind: 'path';
  position: number;
  steps: PathStep[];
}

export interface StringNode {
  kind: 'string';
  position: number;
  value: string;
}

export interface NumberNode {
  kind: 'number';
  position: number;
  value: number;
}

export interface BooleanNode {
  kind: 'boolean';
  position: number;
  value: boolean;
}

export type ValueNode = StringNode | NumberNode | BooleanNode | PathNode;

export type OperatorKind = 'eqfilter' | 'nefilter' | 'replace';

/** `[source |] path <op> value`; without a pipe the source is the node's current state. */
export interface OperationNode {
  kind: OperatorKind;
  /** Position of the operator token, as upstream records it. */
  position: number;
  source: PathNode | null;
  path: PathNode;
  value: ValueNode;
}

/** An expression that parses but has no operator (a bare path or literal, or nothing at all). */
export interface BareNode {
  kind: 'bare';
  position: number;
  node: ValueNode | null;
}

export type ExpressionNode = OperationNode | BareNode;

export type CaptureErrorCode =
  | 'illegal-character'
  | 'invalid-number'
  | 'unterminated-string'
  | 'invalid-expression'
  | 'invalid-path'
  | 'invalid-equality-filter'
  | 'invalid-inequality-filter'
  | 'invalid-replace'
  | 'invalid-pipe'
  | 'unsupported-operation'
  | 'unknown-capture'
  | 'missing-capture-name'
  | 'invalid-input-source'
  | 'invalid-value-path'
  | 'bad-path'
  | 'type-mismatch'
  | 'capture-cycle'
  | 'dependency-failed'
  | 'invalid-template'
  | 'invalid-desired-state';

export interface CaptureError {
  code: CaptureErrorCode | (string & {});
  /** Upstream-like English, used by the simulated handler and the CLI; the UI translates `code`. */
  message: string;
  captureName?: string;
  expression?: string;
  /** 0-based offset into `expression`. */
  position?: number;
  /** Dotted location of a template in the desired state (template errors only). */
  path?: string;
}

export type CapturedStates = Record<string, NetworkState>;

/** Internal error shape before the capture name and expression are attached. */
export interface PositionedError {
  code: CaptureErrorCode;
  message: string;
  position: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: PositionedError };
