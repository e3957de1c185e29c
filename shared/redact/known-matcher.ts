/** Every form of a known secret is at least this long (code units); the hash window. */
export const MATCH_WINDOW = 6;

const BASE = 0x01000193;

function hashAt(text: string, at: number): number {
  let h = 0;
  for (let i = at; i < at + MATCH_WINDOW; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
  return h;
}

/** BASE^(MATCH_WINDOW-1) mod 2^32: what the character leaving the window weighs. */
const OUTGOING = (() => {
  let p = 1;
  for (let i = 1; i < MATCH_WINDOW; i++) p = Math.imul(p, BASE);
  return p;
})();

/**
 * Finds many fixed strings at once (Rabin–Karp: a rolling hash of each window, compared with the
 * hashes of the strings' first MATCH_WINDOW characters), in time linear in the text whatever their
 * number; one big regular expression of thousands of alternatives is 30× slower per line.
 * At each position the longest string that matches wins, as in a longest-first alternation.
 */
export class KnownMatcher {
  readonly #byHash = new Map<number, string[]>();

  constructor(strings: Iterable<string>) {
    for (const s of strings) {
      if (s.length < MATCH_WINDOW) continue;
      const h = hashAt(s, 0);
      const list = this.#byHash.get(h);
      if (list) list.push(s);
      else this.#byHash.set(h, [s]);
    }
    for (const list of this.#byHash.values()) list.sort((a, b) => b.length - a.length);
  }

  /** Replaces each match with `replacement`, or what it gives for the string found. */
  replace(text: string, replacement: string | ((found: string) => string)): string {
    const length = text.length;
    if (this.#byHash.size === 0 || length < MATCH_WINDOW) return text;
    let out = '';
    let last = 0;
    let i = 0;
    let h = hashAt(text, 0);
    while (i + MATCH_WINDOW <= length) {
      const candidates = this.#byHash.get(h);
      const found = candidates?.find((s) => text.startsWith(s, i));
      if (found !== undefined) {
        out += text.slice(last, i) + (typeof replacement === 'string' ? replacement : replacement(found));
        i += found.length;
        last = i;
        if (i + MATCH_WINDOW <= length) h = hashAt(text, i);
        continue;
      }
      if (i + MATCH_WINDOW < length) {
        h = (Math.imul(h - Math.imul(text.charCodeAt(i), OUTGOING), BASE) + text.charCodeAt(i + MATCH_WINDOW)) | 0;
      }
      i++;
    }
    return last === 0 ? text : out + text.slice(last);
  }
}
