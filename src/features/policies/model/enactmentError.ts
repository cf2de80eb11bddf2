// What the handler's failure message means, reduced to a headline plus the full log.

export type EnactmentErrorKind =
  /** nmstatectl rejected or failed the desired state (`NmstateError: <Kind>: …`). */
  | 'nmstate'
  /** A probe failed after the change and the handler rolled the node back. */
  | 'probe'
  /** nmpolicy could not resolve `capture` or the templated desiredState. */
  | 'capture'
  /** The handler will try again (`Retrying n/5`). */
  | 'retrying'
  /** maxUnavailable was reached by failing nodes, so this node never tried. */
  | 'aborted'
  /** The checkpoint or a command timed out. */
  | 'timeout'
  | 'unknown';

export interface EnactmentErrorDetails {
  node?: string;
  /** nmstate error kind, e.g. `InvalidArgument`, `VerificationError`. */
  nmstateErrorKind?: string;
  probe?: string;
  attempt?: number;
  maxAttempts?: number;
  enactment?: string;
}

export interface ExtractedEnactmentError {
  /** The one meaningful line, verbatim from the handler or nmstate (not translated). */
  headline: string;
  kind: EnactmentErrorKind;
  details: EnactmentErrorDetails;
  /** The full text split into lines, compressed content decoded. */
  log: string[];
  /** Set when a compressed blob was found but could not be decoded. */
  decodeError?: 'base64' | 'gzip' | 'tooLarge';
  decoded: boolean;
}
