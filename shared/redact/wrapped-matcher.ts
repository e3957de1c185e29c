import { KnownMatcher, type Stretch } from './known-matcher';

/**
 * A form shorter than this is not looked for across line breaks: with a break allowed between any
 * two characters, a short one would be found in ordinary text too often.
 */
export const MIN_WRAPPED = 12;

/** `text` without each line break (`\n`, `\r\n`) and the spaces and tabs after it, and where each unit kept stood. */
function unwrapped(text: string): { flat: string; from: Int32Array } {
  const from = new Int32Array(text.length);
  let flat = '';
  let n = 0;
  let runStart = 0;
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    const breakLength = code === 0x0a ? 1 : code === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 0;
    if (breakLength === 0) {
      from[n++] = i++;
      continue;
    }
    flat += text.slice(runStart, i);
    i += breakLength;
    while (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09) i++;
    runStart = i;
  }
  return { flat: flat + text.slice(runStart), from: from.subarray(0, n) };
}

/**
 * Finds known strings wrapped across lines (`fold`, a wrapped log line: a line
 * break, and the indentation after it, between any two characters), in time linear in the text: the
 * text is scanned once without its breaks by a KnownMatcher of the strings without theirs, and each
 * stretch found is mapped back to the text, breaks and all. A string with breaks of its own is found
 * with them, or wrapped elsewhere.
 */
export class WrappedMatcher {
  readonly #inner: KnownMatcher;
  /** Each string without its breaks, and the string as it was added. */
  readonly #formOf = new Map<string, string>();

  constructor(strings: Iterable<string>) {
    for (const s of strings) {
      const flat = s.includes('\n') ? unwrapped(s).flat : s;
      if (flat.length >= MIN_WRAPPED && !this.#formOf.has(flat)) this.#formOf.set(flat, s);
    }
    this.#inner = new KnownMatcher(this.#formOf.keys());
  }

  /** The stretches of `text` that known strings cover once its line breaks are set aside. */
  stretches(text: string): Stretch[] {
    if (this.#formOf.size === 0 || !text.includes('\n')) return [];
    const { flat, from } = unwrapped(text);
    return this.#inner.stretches(flat).map(({ start, end, found }) => ({
      start: from[start] ?? 0,
      end: (from[end - 1] ?? 0) + 1,
      found: this.#formOf.get(found) ?? found,
    }));
  }
}
