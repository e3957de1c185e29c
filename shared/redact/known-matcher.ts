import { foldAt, foldedKey } from './case-fold';
import { PrefixTrie } from './prefix-trie';

/** Every form of a known secret is at least this long (code units); the hash window. */
export const MATCH_WINDOW = 6;

const BASE = 0x01000193;

function hashAt(text: string, at: number): number {
  let h = 0;
  for (let i = at; i < at + MATCH_WINDOW; i++) h = (Math.imul(h, BASE) + foldAt(text, i)) | 0;
  return h;
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
 * is given is the string as it was added, not the text's case of it. The strings of one window are a
 * prefix trie, so a text made of a prefix many of them share (an agent's arguments of `github_pat_`
 * repeated) costs that prefix once per place, not once per string.
 */
export class KnownMatcher {
  readonly #byHash = new Map<number, PrefixTrie>();

  constructor(strings: Iterable<string>) {
    const seen = new Set<string>();
    for (const s of strings) {
      if (s.length < MATCH_WINDOW) continue;
      // Forms that differ only in case are one form here: the first added stands for them.
      const key = foldedKey(s);
      if (seen.has(key)) continue;
      seen.add(key);
      const h = hashAt(s, 0);
      const trie = this.#byHash.get(h);
      if (trie) trie.add(s);
      else this.#byHash.set(h, new PrefixTrie(s));
    }
  }

  /** Replaces each match with `replacement`, or what it gives for the string found. */
  replace(text: string, replacement: string | ((found: string) => string)): string {
    let out = '';
    let last = 0;
    this.#scan(text, (at, found) => {
      out += text.slice(last, at) + (typeof replacement === 'string' ? replacement : replacement(found));
      last = at + found.length;
      return true;
    });
    return last === 0 ? text : out + text.slice(last);
  }

  /** The first string found in `text` (as it was added), if any: the scan stops there. */
  first(text: string): string | undefined {
    let first: string | undefined;
    this.#scan(text, (_at, found) => {
      first = found;
      return false;
    });
    return first;
  }

  /** Calls `onFound` at each match, left to right, past it; stops when it returns false. */
  #scan(text: string, onFound: (at: number, found: string) => boolean): void {
    const length = text.length;
    if (this.#byHash.size === 0 || length < MATCH_WINDOW) return;
    let i = 0;
    let h = hashAt(text, 0);
    while (i + MATCH_WINDOW <= length) {
      const candidates = this.#byHash.get(h);
      const found = candidates?.longestAt(text, i);
      if (found !== undefined) {
        if (!onFound(i, found)) return;
        i += found.length;
        if (i + MATCH_WINDOW <= length) h = hashAt(text, i);
        continue;
      }
      if (i + MATCH_WINDOW < length) {
        h = (Math.imul(h - Math.imul(foldAt(text, i), OUTGOING), BASE) + foldAt(text, i + MATCH_WINDOW)) | 0;
      }
      i++;
    }
  }
}
