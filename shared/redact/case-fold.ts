/**
 * Each code unit without its case, so `AbC` and `abc` hash and compare alike: its lower case where
 * that is one code unit (`Ä` → `ä`), else itself. A table (128 KiB): one load per character keeps
 * the scan as fast as the case-sensitive one was. Filled as code units are first met, not all 65,536
 * at once (that took 15–60 ms of every start, at the first status redacted): 0 is "not yet", since
 * no code unit but U+0000 lowers to U+0000.
 */
const foldTable = new Uint16Array(0x10000);

function foldOf(code: number): number {
  const lower = code >= 0xd800 && code <= 0xdfff ? '' : String.fromCharCode(code).toLowerCase();
  const folded = lower.length === 1 ? lower.charCodeAt(0) : code;
  foldTable[code] = folded;
  return folded;
}

/** The code unit at `at` of `text`, folded. */
export function foldAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return foldTable[code] || foldOf(code);
}

/** Whether `s` from its index `from` on is at `at + from` in `text`, case aside. */
export function foldedFrom(text: string, s: string, at: number, from: number): boolean {
  if (at + s.length > text.length) return false;
  for (let i = from; i < s.length; i++) {
    if (text.charCodeAt(at + i) !== s.charCodeAt(i) && foldAt(text, at + i) !== foldAt(s, i)) return false;
  }
  return true;
}

/** `s` with each code unit folded: forms that differ only in case have one key. */
export function foldedKey(s: string): string {
  let key = '';
  for (let i = 0; i < s.length; i++) key += String.fromCharCode(foldAt(s, i));
  return key;
}
