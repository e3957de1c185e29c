/** Cutting a JavaScript string by UTF-16 units without leaving half a surrogate pair. */

export const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
export const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** `at` moved back when it falls inside a surrogate pair. */
export function backOffPair(text: string, at: number): number {
  return at > 0 && at < text.length && isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at)) ? at - 1 : at;
}

/** `at` moved on when it falls inside a surrogate pair. */
export function onOffPair(text: string, at: number): number {
  return backOffPair(text, at) === at ? at : at + 1;
}

/** Units both texts start with. */
export function sameStart(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let n = 0;
  while (n < most && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** Units both texts end with, not reaching into their first `start`. */
export function sameEnd(a: string, b: string, start: number): number {
  const most = Math.min(a.length, b.length) - start;
  let n = 0;
  while (n < most && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}
