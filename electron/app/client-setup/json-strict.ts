/**
 * Whether text is JSON exactly as `JSON.parse` reads it (RFC 8259 §2–§7), without building a value:
 * a busy `~/.claude.json` parsed in full holds its projects' objects in memory, several times its own
 * size, only to be dropped.
 */

const BLANK = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERAL = /true|false|null/y;
/** Where a string ends, escapes, or holds what it may not (§7: control characters). */
// eslint-disable-next-line no-control-regex -- control characters are what a string may not hold
const STRING_STOP = /["\\\u0000-\u001f]/g;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

function blank(text: string, at: number): number {
  BLANK.lastIndex = at;
  BLANK.test(text);
  return BLANK.lastIndex;
}

/** Index just past the string that opens at `at`, or -1 when it is not a valid one. */
function stringEnd(text: string, at: number): number {
  STRING_STOP.lastIndex = at + 1;
  for (;;) {
    const stop = STRING_STOP.exec(text);
    if (stop === null) return -1;
    const ch = text[stop.index];
    if (ch === '"') return stop.index + 1;
    if (ch !== '\\') return -1;
    ESCAPE.lastIndex = stop.index;
    if (!ESCAPE.test(text)) return -1;
    STRING_STOP.lastIndex = ESCAPE.lastIndex;
  }
}

function tokenEnd(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

/** Index of the value after a member's key and colon, or -1. */
function memberValue(text: string, at: number): number {
  if (text[at] !== '"') return -1;
  const keyEnd = stringEnd(text, at);
  if (keyEnd < 0) return -1;
  const colon = blank(text, keyEnd);
  return text[colon] === ':' ? blank(text, colon + 1) : -1;
}

/** A scalar's end, or -1. */
function scalarEnd(text: string, at: number): number {
  const ch = text[at];
  if (ch === '"') return stringEnd(text, at);
  return tokenEnd(ch === 't' || ch === 'f' || ch === 'n' ? LITERAL : NUMBER, text, at);
}

export function isStrictJson(text: string): boolean {
  // Open containers, innermost last; iterative, so no depth can overflow the stack.
  const open: string[] = [];
  let at = blank(text, 0);
  value: for (;;) {
    const ch = text[at];
    if (ch === '{' || ch === '[') {
      at = blank(text, at + 1);
      if (text[at] === (ch === '{' ? '}' : ']')) at += 1;
      else {
        open.push(ch);
        if (ch === '{') at = memberValue(text, at);
        if (at < 0) return false;
        continue;
      }
    } else {
      at = scalarEnd(text, at);
      if (at < 0) return false;
    }
    for (;;) {
      at = blank(text, at);
      const top = open[open.length - 1];
      if (top === undefined) return at === text.length;
      if (text[at] === ',') {
        at = blank(text, at + 1);
        if (top === '{') at = memberValue(text, at);
        if (at < 0) return false;
        continue value;
      }
      if (text[at] !== (top === '{' ? '}' : ']')) return false;
      open.pop();
      at += 1;
    }
  }
}
