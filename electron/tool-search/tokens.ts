import { stemmer } from 'stemmer';

/**
 * Words of a tool's text or an agent's need: names split on `_`, `-`, `.`, `/` and camelCase
 * (`createPullRequest`, `get-issue`, `HTMLToText`), lowercased, without the words that say nothing
 * about which tool is meant. Bounded: text past MAX_TEXT characters is not read.
 */
const STOP = new Set(
  (
    'a an the to of for in on with and or by from my me i we our us is are be been it its this that these those as at ' +
    'can could would should will you your do does did want wants need needs please using use via into about some any ' +
    'there their them then than so if not no yes how what which who when where why just also one way something thing things ' +
    'tool tools let lets give me help able like'
  ).split(' '),
);

export const MAX_TEXT = 4_000;

export function words(text: string): string[] {
  const spaced = text
    .slice(0, MAX_TEXT)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  const out: string[] = [];
  for (const raw of spaced.split(/[^A-Za-z0-9]+/)) {
    if (raw === '') continue;
    const word = raw.toLowerCase();
    if (!STOP.has(word) && word.length <= 40) out.push(word);
  }
  return out;
}

const stems = new Map<string, string>();

/** Porter's stemmer (the `stemmer` package), remembered: the same few thousand words recur across tools. */
export function stem(word: string): string {
  let known = stems.get(word);
  if (known === undefined) {
    known = /^[0-9]+$/.test(word) ? word : stemmer(word);
    if (stems.size < 100_000) stems.set(word, known);
  }
  return known;
}

/** The index terms of a text: its words, stemmed. */
export function terms(text: string): string[] {
  return words(text).map(stem);
}
