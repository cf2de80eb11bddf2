// Shared types of the capture engine. Since kubernetes-nmstate v0.84.0 the handler resolves
// captures with `nmstatectl policy` (nmstate/kubernetes-nmstate pkg/nmpolicy/generate.go,
// pkg/nmstatectl/nmstatectl.go `Policy`), i.e. nmstate's Rust implementation
// (nmstate/nmstate rust/src/lib/policy/*), so tokens, commands and errors follow that code.
// Positions are 0-based offsets into the trimmed expression (upstream counts bytes; the two agree
// for the ASCII expressions policies use).
import type { NetworkState } from '../../../../shared/model/nmstate';

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** nmstate rust/src/lib/error.rs `ErrorKind`, the subset the policy code raises. */
export type NmstateErrorKind = 'PolicyError' | 'InvalidArgument' | 'Bug';

/** nmstate's `NmstateError`: a kind and a message; policy errors also carry the line and position. */
export interface NmstateError {
  kind: NmstateErrorKind;
  msg: string;
  line?: string;
  position?: number;
  /** Which rule of this engine raised it; the UI translates it, upstream has no such field. */
  code: CaptureErrorCode;
}

/** rust/src/lib/policy/token.rs `NetworkCaptureToken`. */
export type CaptureToken =
  | { kind: 'path'; segments: string[]; pos: number }
  | { kind: 'value'; value: string; pos: number }
  | { kind: 'pipe'; pos: number }
  | { kind: 'replace'; pos: number }
  | { kind: 'equal'; pos: number }
  | { kind: 'null'; pos: number };

/** rust/src/lib/policy/token.rs `NetworkTemplateToken`. */
export type TemplateToken =
  | { kind: 'value'; value: string; pos: number }
  | { kind: 'start'; pos: number }
  | { kind: 'path'; segments: string[]; pos: number }
  | { kind: 'end'; pos: number };

export type CaptureAction = 'none' | 'equal' | 'replace';

/** rust/src/lib/policy/capture.rs `NetworkCaptureCommand`. */
export interface CaptureCommand {
  line: string;
  key: CaptureToken;
  keyCapture?: string;
  keyCapturePos: number;
  action: CaptureAction;
  value: CaptureToken;
  valueCapture?: string;
  valueCapturePos: number;
}

export type CaptureErrorCode =
  | 'invalid-expression'
  | 'invalid-path'
  | 'bad-path'
  | 'no-match'
  | 'type-mismatch'
  | 'unknown-capture'
  | 'missing-capture-name'
  | 'capture-cycle'
  | 'dependency-failed'
  | 'invalid-template'
  | 'invalid-desired-state'
  | 'unknown-field'
  | 'invalid-value';

export interface CaptureError {
  code: CaptureErrorCode | (string & {});
  /** nmstate's message text (without the kind), used by the handler simulation and the CLI. */
  message: string;
  /** nmstate's error kind; the handler prints it as `NmstateError: <kind>: <message>`. */
  kind?: NmstateErrorKind;
  captureName?: string;
  /** The line the position points into: the capture expression or the template string. */
  expression?: string;
  /** 0-based offset into `expression`. */
  position?: number;
  /** Dotted location of a template in the desired state (template errors only). */
  path?: string;
}

export type CapturedStates = Record<string, NetworkState>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: NmstateError };
