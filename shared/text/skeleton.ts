import { readingForm } from './look-alikes';

/**
 * What a title looks like, for telling whether two read the same (after UTS #39 §4's skeleton, with the
 * common confusables of look-alikes.ts): reading form, lower case, no spaces, `-` or `_`.
 * `Gіthub` (Cyrillic і), `GitHub` and `Git Hub` have one skeleton.
 */
export function skeleton(text: string): string {
  // Printable ASCII is its own reading form: a catalog of 35,000 titles is mostly that.
  return (/^[\x20-\x7e]*$/.test(text) ? text : readingForm(text))
    .toLowerCase()
    .replace(/[\s_-]+/gu, '');
}
