// Tokenizers of nmstate's policy language, following nmstate/nmstate
// rust/src/lib/policy/token.rs (`parse_str_to_capture_tokens`, `parse_str_to_template_tokens`).
// Behaviour worth knowing, all upstream: `!` only ends a word (there is no `!=`), single quotes
// are ordinary characters, an unquoted word with a dot is a path (so `10.0.0.1` unquoted is a
// path), an unquoted `null` in any case is the null value, `""` yields no token at all.
import type { CaptureToken, NmstateError, Result, TemplateToken } from './types';

/** token.rs `NEXT_TOKEN_START_CHARS`: characters that end an unquoted word. */
const WORD_END = new Set([' ', '=', '!', '|', '"', ':']);

function policyError(
  msg: string,
  line: string,
  position: number,
  code: NmstateError['code'] = 'invalid-expression',
): { ok: false; error: NmstateError } {
  return { ok: false, error: { kind: 'PolicyError', msg, line, position, code } };
}

const isSpace = (c: string): boolean => /\s/.test(c);

export function parseCaptureTokens(line: string): Result<CaptureToken[]> {
  const chars = line;
  const out: CaptureToken[] = [];
  let i = 0;
  while (i < chars.length) {
    const pos = i;
    const c = chars[i] ?? '';
    i += 1;
    if (c === '=') {
      const next = chars[i];
      i += 1;
      if (next === undefined)
        return policyError(
          "Invalid equal action string after =, expecting another '=', but got nothing",
          line,
          pos,
        );
      if (next !== '=')
        return policyError(
          "Invalid equal action string after =, expecting another '='",
          line,
          pos + 1,
        );
      if (out.some((t) => t.kind === 'equal'))
        return policyError('Nmpolicy does not allows two equal action', line, pos);
      out.push({ kind: 'equal', pos });
    } else if (c === '|') {
      if (out.some((t) => t.kind === 'pipe'))
        return policyError('Nmpolicy does not allows two pipe action', line, pos);
      out.push({ kind: 'pipe', pos });
    } else if (c === ':') {
      const next = chars[i];
      i += 1;
      // Upstream's wording says "after =" for the replace operator too.
      if (next === undefined)
        return policyError(
          "Invalid replace action string after =, expecting another '=', but got nothing",
          line,
          pos,
        );
      if (next !== '=')
        return policyError(
          "Invalid replace action string after =, expecting another '='",
          line,
          pos + 1,
        );
      if (out.some((t) => t.kind === 'replace'))
        return policyError('Nmpolicy does not allows two replace action', line, pos);
      out.push({ kind: 'replace', pos });
    } else if (c === '"') {
      const close = chars.indexOf('"', i);
      if (close < 0) return policyError('No ending double quote', line, pos);
      const text = chars.slice(i, close);
      i = close + 1;
      if (text !== '') out.push({ kind: 'value', value: text, pos: pos + 1 });
    } else if (!isSpace(c)) {
      let word = c;
      while (i < chars.length && !WORD_END.has(chars[i] ?? '')) {
        word += chars[i] ?? '';
        i += 1;
      }
      word = word.trim();
      if (word.includes('.')) out.push({ kind: 'path', segments: word.split('.'), pos });
      else if (word !== '') {
        if (word.toLowerCase() === 'null') out.push({ kind: 'null', pos });
        else out.push({ kind: 'value', value: word, pos });
      }
    }
  }
  const pipe = out.findIndex((t) => t.kind === 'pipe');
  if (pipe >= 0) {
    const after = out[pipe + 1];
    if (after === undefined)
      return policyError(
        'Invalid pipe action: no property path defined',
        line,
        out[pipe]?.pos ?? 0,
      );
    if (after.kind !== 'path')
      return policyError(
        'Invalid pipe action: only property path allowed after pipe',
        line,
        after.pos,
      );
  }
  return { ok: true, value: out };
}

export function parseTemplateTokens(line: string): Result<TemplateToken[]> {
  const chars = line;
  const out: TemplateToken[] = [];
  const multiple = 'Nmpolicy does not allow multiple references {{}}';
  let i = 0;
  while (i < chars.length) {
    const pos = i;
    const c = chars[i] ?? '';
    i += 1;
    if (c === '{') {
      const next = chars[i];
      i += 1;
      if (next === undefined)
        return policyError(
          "Invalid reference action string after =, expecting another '{', but got nothing",
          line,
          pos,
          'invalid-template',
        );
      if (next !== '{')
        return policyError(
          "Invalid reference action string after {, expecting another '{'",
          line,
          pos,
          'invalid-template',
        );
      if (out.some((t) => t.kind === 'start'))
        return policyError(multiple, line, pos, 'invalid-template');
      out.push({ kind: 'start', pos });
      // The whitespace after `{{` is dropped, so `{{capture…}}` and `{{ capture… }}` both work.
      while (i < chars.length && isSpace(chars[i] ?? '')) i += 1;
    } else if (c === '}') {
      const next = chars[i];
      i += 1;
      if (next === undefined)
        return policyError(
          "Invalid reference action string after }, expecting another '}', but got nothing",
          line,
          pos,
          'invalid-template',
        );
      if (next !== '}')
        return policyError(
          "Invalid reference action string after }, expecting another '}'",
          line,
          pos,
          'invalid-template',
        );
      if (out.some((t) => t.kind === 'end'))
        return policyError(multiple, line, pos, 'invalid-template');
      out.push({ kind: 'end', pos });
    } else {
      // A word runs to the next brace; whitespace ends it and is consumed, which is why text
      // around a reference loses its spaces when upstream joins the pieces again.
      let word = c;
      while (i < chars.length && chars[i] !== '{' && chars[i] !== '}') {
        const next = chars[i] ?? '';
        i += 1;
        if (isSpace(next)) break;
        word += next;
      }
      const text = word.trim();
      if (text === '') continue;
      if (text.includes('.') && !text.startsWith('.'))
        out.push({ kind: 'path', segments: text.split('.'), pos });
      else out.push({ kind: 'value', value: text, pos });
    }
  }
  const start = out.findIndex((t) => t.kind === 'start');
  const end = out.findIndex((t) => t.kind === 'end');
  if (start >= 0 && end < 0)
    return policyError('No reference end }} found', line, out[start]?.pos ?? 0, 'invalid-template');
  if (end >= 0 && start < 0)
    return policyError('No reference start {{ found', line, out[end]?.pos ?? 0, 'invalid-template');
  if (start >= 0 && end >= 0) {
    const endPos = out[end]?.pos ?? 0;
    if (start >= end)
      return policyError(
        'The reference start {{ can not be placed before reference end }}',
        line,
        endPos,
        'invalid-template',
      );
    if (start + 1 >= end)
      return policyError(
        'No property path between reference start {{ and reference end }}',
        line,
        endPos - 1,
        'invalid-template',
      );
    if (start + 2 !== end)
      return policyError(
        'Only allows single property path between reference start {{ and reference end }}',
        line,
        out[start + 2]?.pos ?? 0,
        'invalid-template',
      );
  }
  return { ok: true, value: out };
}
