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

/** A stretch of text known strings cover: `found` is the first of them, as it was added. */
export interface Stretch {
  start: number;
  end: number;
  found: string;
}

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
  /** Per string, its first offset past 0 whose window is the start of some string (where one may begin inside it). */
  readonly #firstInside = new Map<string, number>();

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
    for (const trie of this.#byHash.values()) for (const s of trie.strings()) this.#noteInside(s);
  }

  #noteInside(s: string): void {
    for (let k = 1; k + MATCH_WINDOW <= s.length; k++) {
      if (this.#byHash.has(hashAt(s, k))) {
        this.#firstInside.set(s, k);
        return;
      }
    }
  }

  /**
   * Replaces each stretch of text that known strings cover with `replacement`, or what it gives for
   * the first string of the stretch: strings that overlap (`abcdef12` and `ef12345678` in
   * `abcdef12345678`) are one stretch, so no tail of either is left; strings side by side are two.
   */
  replace(text: string, replacement: string | ((found: string) => string)): string {
    const replaced = (found: string): string => (typeof replacement === 'string' ? replacement : replacement(found));
    let out = '';
    let last = 0;
    let start = -1;
    let end = 0;
    let first = '';
    this.#scan(text, (at, found) => {
      if (at < end) {
        end = Math.max(end, at + found.length);
        return true;
      }
      if (start >= 0) out += text.slice(last, start) + replaced(first);
      last = end;
      start = at;
      end = at + found.length;
      first = found;
      return true;
    });
    if (start < 0) return text;
    return out + text.slice(last, start) + replaced(first) + text.slice(end);
  }

  /** The stretches `replace` would replace, in order: where each starts and ends, and its first string. */
  stretches(text: string): Stretch[] {
    const out: Stretch[] = [];
    this.#scan(text, (at, found) => {
      const last = out.at(-1);
      if (last !== undefined && at < last.end) last.end = Math.max(last.end, at + found.length);
      else out.push({ start: at, end: at + found.length, found });
      return true;
    });
    return out;
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

  /**
   * Calls `onFound` with the longest string at each place, left to right, where it reaches past all
   * found before it (one that ends inside them changes no stretch); stops when it returns false. Every
   * place is looked at, inside an earlier match too, so an overlapping string is found; a place whose
   * strings are all too short to reach past the last end is not walked.
   */
  #scan(text: string, onFound: (at: number, found: string) => boolean): void {
    const length = text.length;
    if (this.#byHash.size === 0 || length < MATCH_WINDOW) return;
    let end = 0;
    let h = hashAt(text, 0);
    let i = 0;
    const byHash = this.#byHash;
    while (i + MATCH_WINDOW <= length) {
      const candidates = byHash.get(h);
      // Most places start no string: the window rolls on by one.
      if (candidates === undefined || i + candidates.maxLength <= end) {
        if (i + MATCH_WINDOW === length) return;
        h = (Math.imul(h - Math.imul(foldAt(text, i), OUTGOING), BASE) + foldAt(text, i + MATCH_WINDOW)) | 0;
        i++;
        continue;
      }
      const found = candidates.longestAt(text, i);
      let next = i + 1;
      if (found !== undefined) {
        if (i + found.length > end) {
          end = i + found.length;
          if (!onFound(i, found)) return;
        }
        // The windows inside `found` are its own: none starts a string before its first that does, so
        // a value repeated costs its windows once, not each of them looked up again.
        next = i + (this.#firstInside.get(found) ?? Math.max(1, found.length - MATCH_WINDOW + 1));
      }
      if (next + MATCH_WINDOW > length) return;
      h = next === i + 1 ? (Math.imul(h - Math.imul(foldAt(text, i), OUTGOING), BASE) + foldAt(text, i + MATCH_WINDOW)) | 0 : hashAt(text, next);
      i = next;
    }
  }
}
