/**
 * The smallest single replacement that turns `before` into `after`: the common prefix and
 * suffix stay, the middle is replaced. Editors apply quick fixes through it so the undo stack,
 * the caret and the markers outside the change are kept instead of replacing the whole text.
 * Offsets are UTF-16 code unit offsets into `before`.
 */
export interface TextReplacement {
  start: number;
  end: number;
  text: string;
}

export function minimalReplacement(before: string, after: string): TextReplacement | undefined {
  if (before === after) return undefined;
  const max = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix++;
  return {
    start: prefix,
    end: before.length - suffix,
    text: after.slice(prefix, after.length - suffix),
  };
}

/**
 * The 1-based end column (exclusive) of the token starting at 1-based `column` on a line: a quoted
 * string up to its closing quote, else the run up to the next separator, at least one character
 * and at most the line's end. Editors underline a finding's token from the column it points at.
 */
export function tokenEndColumn(line: string, column: number): number {
  const start = column - 1;
  const quote = line[start];
  if (quote === '"' || quote === "'") {
    const close = line.indexOf(quote, start + 1);
    if (close > start) return close + 2;
  }
  let end = start;
  while (end < line.length && !/[\s,:{}[\]]/.test(line.charAt(end))) end++;
  return Math.min(Math.max(end, start + 1), line.length) + 1;
}
