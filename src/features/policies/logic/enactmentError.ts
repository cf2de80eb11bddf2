// Pulls the one meaningful line out of the handler's failure message, in every form
// kubernetes-nmstate writes (controllers/handler/nodenetworkconfigurationpolicy_controller.go,
// pkg/nmstatectl/nmstatectl.go):
//   <= v0.82: ... at desired state apply: "<log>",\n failed to execute nmstatectl set --no-commit
//             --timeout 480: 'exit status 1' '' '<stderr>'
//   >= v0.84: ... at desired state apply: "",\n <stdout>, <stderr: log + NmstateError: …>:
//             failed to execute nmstatectl apply --no-commit --timeout 480: exit status 1
//   probe:    ... apply: "",\n rolling back desired state configuration: failed runnig probes …
//   generate: failure generating desiredState and capturedStates: failed calling nmstatectl
//             rollback: <stdout>, <stderr>: failed to execute nmstatectl policy …
// Handlers v0.54–v0.76 shortened the message and put the full text, gzip+base64, in
// `messageEncoded` (removed in v0.77.0); current handlers write it all into `message`. Old
// enactments and other tools may still carry such blobs, so both places are decoded here.
import type { Condition } from '../../../shared/model/k8s';
import type { NodeNetworkConfigurationEnactment } from '../../../shared/model/nmstate';
import type {
  EnactmentErrorDetails,
  EnactmentErrorKind,
  ExtractedEnactmentError,
} from '../model/enactmentError';
import { getCondition } from './enactments';
import { decodeBase64, gunzip } from './inflate';

/** Base64 of a gzip header (1f 8b 08) always starts with `H4sI`. */
const GZIP_BASE64 = /H4sI[A-Za-z0-9+/_-]{8,}={0,2}/g;
const MAX_DECODED = 8 * 1024 * 1024;

type DecodeOutcome = { text: string } | { error: 'base64' | 'gzip' | 'tooLarge' };

const decodeBlob = (blob: string): DecodeOutcome => {
  const bytes = decodeBase64(blob);
  if (!bytes) return { error: 'base64' };
  const r = gunzip(bytes, MAX_DECODED);
  if (!r.ok) return { error: r.error === 'tooLarge' ? 'tooLarge' : 'gzip' };
  return { text: new TextDecoder('utf-8').decode(r.data) };
};

/** Replaces every embedded gzip+base64 blob with its text. */
export const decodeEmbeddedBlobs = (
  message: string,
): { text: string; decoded: boolean; error?: 'base64' | 'gzip' | 'tooLarge' } => {
  let decoded = false;
  let error: 'base64' | 'gzip' | 'tooLarge' | undefined;
  const text = message.replace(GZIP_BASE64, (blob) => {
    const r = decodeBlob(blob);
    if ('text' in r) {
      decoded = true;
      return r.text;
    }
    error = r.error;
    return blob;
  });
  return error ? { text, decoded, error } : { text, decoded };
};

/**
 * Go's `%q` and some tools escape the log's newlines; a message with literal `\n` sequences and
 * hardly any real line breaks is unescaped so the log splits into lines.
 */
const unescapeIfQuoted = (text: string): string => {
  const escaped = (text.match(/\\n/g) ?? []).length;
  const real = (text.match(/\n/g) ?? []).length;
  if (escaped <= real) return text;
  return text.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\"/g, '"').replace(/\\'/g, "'");
};

const NMSTATE_ERROR =
  /\b(NmstateError|libnmstate\.error\.Nmstate\w*|Nmstate\w*Error):\s*(?:(\w+):\s*)?(.+)$/;
// Upstream spells it "runnig"; accept the corrected spelling too.
const PROBE_FAILURE = /failed run\w* probe '([^']+)'/;
const CAPTURE_FAILURE = /failure generating desiredState and capturedStates:?\s*(.*)$/;
const RETRYING =
  /failed to reconcile NodeNetworkConfigurationPolicy on node (\S+?)\.? Retrying (\d+)\/(\d+)/;
const ABORTED = /reconciliation of enactment "([^"]+)" has aborted/;
const NODE = /on node (\S+?)(?: at |\.? |$)/;
const LOG_ERROR = /^\[[^\]]*\bERROR\b[^\]]*\]\s*(.+)$/;
const TIMEOUT = /(context deadline exceeded|timed out|timeout)/i;

/** Strips the Go wrapping quote/comma that surround the embedded stdout. */
const cleanLine = (line: string): string =>
  line
    .trim()
    .replace(/^"|",?$|"$/g, '')
    .trim();

export const extractEnactmentError = (
  message: string,
  messageEncoded?: string,
): ExtractedEnactmentError => {
  let text = message;
  let decoded = false;
  let decodeError: ExtractedEnactmentError['decodeError'];
  if (messageEncoded) {
    const r = decodeBlob(messageEncoded.trim());
    if ('text' in r) {
      // The encoded form carries the full log; the plain message is its shortened headline.
      text = message.trim() ? `${message}\n${r.text}` : r.text;
      decoded = true;
    } else decodeError = r.error;
  }
  const embedded = decodeEmbeddedBlobs(text);
  text = unescapeIfQuoted(embedded.text);
  decoded ||= embedded.decoded;
  decodeError ??= embedded.error;

  const log = text.split(/\r?\n/).map((l) => l.replace(/\s+$/, ''));
  while (log.length > 0 && log[log.length - 1] === '') log.pop();

  const details: EnactmentErrorDetails = {};
  const node = NODE.exec(text)?.[1];
  if (node) details.node = node;

  let kind: EnactmentErrorKind = 'unknown';
  let headline = '';

  const retry = RETRYING.exec(text);
  const aborted = ABORTED.exec(text);
  const capture = log.map((l) => CAPTURE_FAILURE.exec(l)).find((m) => m !== null);
  const probe = PROBE_FAILURE.exec(text);
  // The last nmstate error line is the root cause; earlier ones may be retried sub-steps.
  let nmstate: RegExpExecArray | null = null;
  let nmstateLine = '';
  for (const line of log) {
    const m = NMSTATE_ERROR.exec(cleanLine(line));
    if (m) {
      nmstate = m;
      nmstateLine = cleanLine(line);
    }
  }

  if (capture && nmstate) {
    // Since v0.84 a generate failure carries nmstatectl policy's own error.
    kind = 'capture';
    headline = nmstateLine.slice(nmstateLine.indexOf(nmstate[0]));
    if (nmstate[2]) details.nmstateErrorKind = nmstate[2];
  } else if (nmstate) {
    kind = 'nmstate';
    headline = nmstateLine.slice(nmstateLine.indexOf(nmstate[0]));
    if (nmstate[2]) details.nmstateErrorKind = nmstate[2];
    else {
      const py = /Nmstate(\w*)Error$/.exec(nmstate[1] ?? '');
      if (py?.[1]) details.nmstateErrorKind = py[1];
    }
  } else if (probe) {
    kind = 'probe';
    details.probe = probe[1] ?? '';
    headline = (log.find((l) => PROBE_FAILURE.test(l)) ?? probe[0])
      .replace(/\s*->\s*currentState:.*$/, '')
      .trim();
    const at = headline.search(/rolling back desired state configuration|failed run\w* probe/);
    if (at > 0) headline = headline.slice(at);
  } else if (capture) {
    kind = 'capture';
    headline = capture[0].trim();
  } else if (retry) {
    kind = 'retrying';
    details.node = retry[1] ?? details.node;
    details.attempt = Number(retry[2]);
    details.maxAttempts = Number(retry[3]);
    headline = retry[0];
  } else if (aborted) {
    kind = 'aborted';
    details.enactment = aborted[1] ?? '';
    headline = aborted[0];
  } else {
    const errLine = [...log]
      .reverse()
      .map((l) => LOG_ERROR.exec(cleanLine(l)))
      .find((m) => m);
    if (errLine?.[1]) headline = errLine[1].replace(/'+$/, '').trim();
    if (TIMEOUT.test(text)) kind = 'timeout';
  }

  if (!headline) {
    const first = log.find((l) => l.trim() !== '') ?? '';
    // The wrapper prefix says where, not what: keep what follows it when there is something.
    const m = /^(?:error reconciling|failed to reconcile)[^:]*:\s*(.+)$/.exec(first);
    headline = cleanLine(m?.[1] ?? first);
  }

  const result: ExtractedEnactmentError = { headline, kind, details, log, decoded };
  if (decodeError) result.decodeError = decodeError;
  return result;
};

/** The condition that carries the failure text of an enactment, if it is failing or aborted. */
export const getEnactmentFailureCondition = (
  nnce: NodeNetworkConfigurationEnactment,
): (Condition & { messageEncoded?: string }) | undefined => {
  const conditions = nnce.status?.conditions;
  for (const type of ['Failing', 'Aborted'] as const) {
    const c = getCondition(conditions, type);
    if (c?.status === 'True') return c;
  }
  return undefined;
};

/** `extractEnactmentError` on the enactment's failing (or aborted) condition. */
export const getEnactmentFailure = (
  nnce: NodeNetworkConfigurationEnactment,
): ExtractedEnactmentError | null => {
  const c = getEnactmentFailureCondition(nnce);
  if (!c) return null;
  const encoded = typeof c.messageEncoded === 'string' ? c.messageEncoded : undefined;
  return extractEnactmentError(c.message ?? '', encoded);
};
