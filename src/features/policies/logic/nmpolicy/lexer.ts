// Tokenizer for nmpolicy capture expressions. Token set, identity/number/string rules and the
// error wording follow upstream nmpolicy's lexer (its lexer_test.go is the reference).
import type { PositionedError, Result, Token } from './types';

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isLetter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
// Characters that may directly follow a number; anything else makes the number malformed
// (upstream rejects `1foo`, `1,3`, `1e3`, `0xEA`).
const endsNumber = (c: string): boolean =>
  isSpace(c) || c === '.' || c === '|' || c === ':' || c === '=' || c === '!' || c === '+';

function fail(code: PositionedError['code'], message: string, position: number): Result<Token[]> {
  return { ok: false, error: { code, message, position } };
}

export function lexExpression(expression: string): Result<Token[]> {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expression.length) {
    const c = expression.charAt(i);
    const next = expression.charAt(i + 1);
    if (isSpace(c)) {
      i += 1;
    } else if (isDigit(c)) {
      const start = i;
      while (i < expression.length && isDigit(expression.charAt(i))) i += 1;
      const after = expression.charAt(i);
      if (after !== '' && !endsNumber(after)) {
        return fail('invalid-number', `invalid number format (${after} is not a digit)`, i);
      }
      tokens.push({ type: 'NUMBER', literal: expression.slice(start, i), position: start });
    } else if (isLetter(c)) {
      const start = i;
      while (i < expression.length) {
        const d = expression.charAt(i);
        if (!isLetter(d) && !isDigit(d) && d !== '-') break;
        i += 1;
      }
      const literal = expression.slice(start, i);
      const type = literal === 'true' || literal === 'false' ? 'BOOLEAN' : 'IDENTITY';
      tokens.push({ type, literal, position: start });
    } else if (c === '"' || c === "'") {
      const end = expression.indexOf(c, i + 1);
      if (end < 0) {
        return fail('unterminated-string', `invalid string format (missing ${c} terminator)`, i);
      }
      tokens.push({ type: 'STRING', literal: expression.slice(i + 1, end), position: i });
      i = end + 1;
    } else if (c === '.') {
      tokens.push({ type: 'DOT', literal: c, position: i });
      i += 1;
    } else if (c === '|') {
      tokens.push({ type: 'PIPE', literal: c, position: i });
      i += 1;
    } else if (c === '+') {
      tokens.push({ type: 'MERGE', literal: c, position: i });
      i += 1;
    } else if (c === ':' && next === '=') {
      tokens.push({ type: 'REPLACE', literal: ':=', position: i });
      i += 2;
    } else if (c === '=' && next === '=') {
      tokens.push({ type: 'EQFILTER', literal: '==', position: i });
      i += 2;
    } else if (c === '!' && next === '=') {
      tokens.push({ type: 'NEFILTER', literal: '!=', position: i });
      i += 2;
    } else {
      return fail('illegal-character', `illegal rune ${c}`, i);
    }
  }
  // Upstream places EOF on the last character, so "missing right hand argument" points there.
  tokens.push({ type: 'EOF', literal: '', position: Math.max(0, expression.length - 1) });
  return { ok: true, value: tokens };
}
