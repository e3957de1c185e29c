/**
 * JSON with comments (VS Code settings, hand-edited configs): blanks out `//` and `/* *\/` comments
 * and trailing commas outside strings. Blanked characters become spaces (newlines stay), so line and
 * column numbers in JSON.parse errors still point into the original text.
 */
export function stripJsonc(text: string): string {
  let out = '';
  let i = 0;
  if (text.charCodeAt(0) === 0xfeff) {
    out += ' ';
    i = 1;
  }
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (ch === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const end = commentEnd(text, i);
      out += blank(text.slice(i, end));
      i = end;
    } else if (ch === ',' && isClosing(text[nextSignificant(text, i + 1)])) {
      out += ' ';
      i += 1;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

/** JSON.parse after stripJsonc; throws JSON.parse's SyntaxError (positions match the original). */
export function parseJsonc(text: string): unknown {
  return JSON.parse(stripJsonc(text));
}

function isClosing(ch: string | undefined): boolean {
  return ch === '}' || ch === ']';
}

/** Index just past the string that opens at `start`; an unterminated string ends at the line end. */
function stringEnd(text: string, start: number): number {
  let j = start + 1;
  while (j < text.length) {
    const ch = text[j];
    if (ch === '\\') j += 2;
    else if (ch === '"') return j + 1;
    else if (ch === '\n') return j;
    else j += 1;
  }
  return text.length;
}

/** Index just past the comment that opens at `start` (a line comment stops before its newline). */
function commentEnd(text: string, start: number): number {
  if (text[start + 1] === '/') {
    const newline = text.indexOf('\n', start + 2);
    return newline === -1 ? text.length : newline;
  }
  const close = text.indexOf('*/', start + 2);
  return close === -1 ? text.length : close + 2;
}

function nextSignificant(text: string, from: number): number {
  let j = from;
  while (j < text.length) {
    const ch = text[j];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') j += 1;
    else if (ch === '/' && (text[j + 1] === '/' || text[j + 1] === '*')) j = commentEnd(text, j);
    else return j;
  }
  return j;
}

function blank(comment: string): string {
  return comment.replace(/[^\r\n]/g, ' ');
}
