/** A word of a shell line: where it stands in the text and what a shell would hand the program. */
export interface ShellWord {
  start: number;
  end: number;
  value: string;
}

/** The words of a line as `shellQuote` writes it, and where its `# …` comment starts (the text's length when none). */
export interface ShellLine {
  words: ShellWord[];
  commentAt: number;
}

const NAMED_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '\\': '\\', "'": "'" };

/** One escape inside bash's `$'…'` (`\n`, `\'`, `\u00e9`, `\U0001f600`): its character and its length. */
function ansiEscape(text: string, at: number): [string, number] {
  const letter = text[at + 1] ?? '';
  const named = NAMED_ESCAPES[letter];
  if (named !== undefined) return [named, 2];
  const digits = letter === 'u' ? 4 : letter === 'U' ? 8 : 0;
  const hex = text.slice(at + 2, at + 2 + digits);
  if (digits > 0 && /^[0-9a-fA-F]+$/.test(hex) && hex.length === digits) {
    const code = Number.parseInt(hex, 16);
    if (code <= 0x10ffff) return [String.fromCodePoint(code), 2 + digits];
  }
  return ['\\', 1];
}

/**
 * Reads a line of POSIX words as `shellQuote` writes them (plain, `'…'` with `'\''`, bash `$'…'`, a
 * backslash outside quotes), so a word is judged by the value the program gets and replaced whole,
 * quotes and all. An unclosed quote means the line is not one we wrote: undefined.
 */
export function shellWords(text: string): ShellLine | undefined {
  const words: ShellWord[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i] ?? '')) i++;
    if (i >= text.length) break;
    if (text[i] === '#') return { words, commentAt: i };
    const start = i;
    let value = '';
    while (i < text.length && !/\s/.test(text[i] ?? '')) {
      const char = text[i] ?? '';
      if (char === "'") {
        const close = text.indexOf("'", i + 1);
        if (close < 0) return undefined;
        value += text.slice(i + 1, close);
        i = close + 1;
      } else if (char === '$' && text[i + 1] === "'") {
        i += 2;
        while (i < text.length && text[i] !== "'") {
          if (text[i] === '\\') {
            const [decoded, length] = ansiEscape(text, i);
            value += decoded;
            i += length;
          } else value += text[i++] ?? '';
        }
        if (i >= text.length) return undefined;
        i++;
      } else if (char === '\\' && i + 1 < text.length) {
        value += text[i + 1] ?? '';
        i += 2;
      } else {
        value += char;
        i++;
      }
    }
    words.push({ start, end: i, value });
  }
  return { words, commentAt: text.length };
}
