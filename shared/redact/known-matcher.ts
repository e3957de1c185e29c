/** Every form of a known secret is at least this long (code units); the hash window. */
export const MATCH_WINDOW = 6;

const BASE = 0x01000193;

/**
 * Each code unit without its case, so `AbC` and `abc` hash and compare alike: its lower case where
 * that is one code unit (`Ä` → `ä`), else itself. A table (128 KiB, built once on first use): one
 * load per character keeps the scan as fast as the case-sensitive one was.
 */
let foldTable: Uint16Array | undefined;

function buildFoldTable(): Uint16Array {
  const table = new Uint16Array(0x10000);
  for (let code = 0; code < 0x10000; code++) {
    const lower = code >= 0xd800 && code <= 0xdfff ? '' : String.fromCharCode(code).toLowerCase();
    table[code] = lower.length === 1 ? lower.charCodeAt(0) : code;
  }
  return table;
}

function hashAt(text: string, at: number, fold: Uint16Array): number {
  let h = 0;
  for (let i = at; i < at + MATCH_WINDOW; i++) h = (Math.imul(h, BASE) + (fold[text.charCodeAt(i)] as number)) | 0;
  return h;
}

/** Whether `s` is at `at` in `text`, case aside. */
function foldedAt(text: string, s: string, at: number, fold: Uint16Array): boolean {
  if (at + s.length > text.length) return false;
  for (let i = 0; i < s.length; i++) {
    const a = text.charCodeAt(at + i);
    const b = s.charCodeAt(i);
    if (a !== b && fold[a] !== fold[b]) return false;
  }
  return true;
}

/** BASE^(MATCH_WINDOW-1) mod 2^32: what the character leaving the window weighs. */
const OUTGOING = (() => {
  let p = 1;
  for (let i = 1; i < MATCH_WINDOW; i++) p = Math.imul(p, BASE);
  return p;
})();

/**
 * Finds many fixed strings at once, whatever their case (a secret written `sEcReT` by a server is
 * still the secret), with Rabin–Karp: a rolling hash of each window, compared with the hashes of the
 * strings' first MATCH_WINDOW characters, in time linear in the text whatever their number; one big
 * regular expression of thousands of alternatives is 30× slower per line. At each position the
 * longest string that matches wins, as in a longest-first alternation. What a replacement function
 * is given is the string as it was added, not the text's case of it.
 */
export class KnownMatcher {
  readonly #byHash = new Map<number, string[]>();
  readonly #fold = (foldTable ??= buildFoldTable());

  constructor(strings: Iterable<string>) {
    const fold = this.#fold;
    const seen = new Set<string>();
    for (const s of strings) {
      if (s.length < MATCH_WINDOW) continue;
      // Forms that differ only in case are one form here: the first added stands for them.
      let key = '';
      for (let i = 0; i < s.length; i++) key += String.fromCharCode(fold[s.charCodeAt(i)] as number);
      if (seen.has(key)) continue;
      seen.add(key);
      const h = hashAt(s, 0, fold);
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
    const fold = this.#fold;
    let out = '';
    let last = 0;
    let i = 0;
    let h = hashAt(text, 0, fold);
    while (i + MATCH_WINDOW <= length) {
      const candidates = this.#byHash.get(h);
      const found = candidates?.find((s) => foldedAt(text, s, i, fold));
      if (found !== undefined) {
        out += text.slice(last, i) + (typeof replacement === 'string' ? replacement : replacement(found));
        i += found.length;
        last = i;
        if (i + MATCH_WINDOW <= length) h = hashAt(text, i, fold);
        continue;
      }
      if (i + MATCH_WINDOW < length) {
        h = (Math.imul(h - Math.imul(fold[text.charCodeAt(i)] as number, OUTGOING), BASE) + (fold[text.charCodeAt(i + MATCH_WINDOW)] as number)) | 0;
      }
      i++;
    }
    return last === 0 ? text : out + text.slice(last);
  }
}
