import { readingForm } from './look-alikes';

/**
 * What a title looks like, for telling whether two read the same (after UTS #39 §4's skeleton, with the
 * common confusables of look-alikes.ts): reading form, lower case, no spaces, `-` or `_`, and the ASCII
 * letters and digits drawn alike taken as one (`SIack` with a capital I reads as `Slack`, `rn` as `m`).
 * `Gіthub` (Cyrillic і), `GitHub` and `Git Hub` have one skeleton. It is compared, never shown.
 */
export function skeleton(text: string): string {
  // Printable ASCII is its own reading form: a catalog of 35,000 titles is mostly that.
  return (/^[\x20-\x7e]*$/.test(text) ? text : readingForm(text))
    // Capital I is lower-case l before case is folded (§4's confusables: I → l), not i.
    .replace(/I/gu, 'l')
    .toLowerCase()
    .replace(/[\s_-]+/gu, '')
    .replace(/[1|]/gu, 'l')
    .replace(/0/gu, 'o')
    .replace(/rn/gu, 'm')
    .replace(/vv/gu, 'w');
}
