import { termActions, type Action } from './actions';
import type { QueryTerm, SearchIndex } from './search-index';
import { fieldTerms, type Field } from './tool-doc';
import { terms } from './tokens';

/**
 * Refinements of the ranking, measured on the labelled set and left out (docs/tool-search.md, "Proximity,
 * action and object, parameters' values"; test/tool-search/refine-candidates.ts): each multiplies a
 * tool's ranking score, never the fit "nothing fits" is judged on.
 */
export interface Refinements {
  /**
   * Term proximity: the need's consecutive word pairs (as written, stop words out) found within `window`
   * positions of each other in one field of the tool (in the need's order unless `unordered`); the
   * tool's score × (1 + weight × the pairs' share of the need's idf).
   */
  proximity?: { weight: number; window: number; unordered?: boolean };
  /**
   * Action and object apart: the tool name's object (its words other than its verb and its server's
   * name) as covered by the need's words; the tool's score × (1 + weight × that cover).
   */
  object?: { weight: number };
  /** The tool name's verb counted as met, at `weight`, when the need asks its kind of action ("show" for `list_`). */
  verbKind?: { weight: number };
}

const fieldSets = new WeakMap<SearchIndex, ReadonlyArray<Record<Field, string[]>>>();

/** Each tool's terms by field, in their order: worked out once per index, and only when a refinement asks. */
function fieldsOf(index: SearchIndex): ReadonlyArray<Record<Field, string[]>> {
  let known = fieldSets.get(index);
  if (known === undefined) fieldSets.set(index, (known = index.docs.map(fieldTerms)));
  return known;
}

const pairSets = new WeakMap<SearchIndex, Map<string, Array<ReadonlySet<string>>>>();

/** Each tool's pairs of terms within `window` of each other in one field, as "a b" (a first). */
function pairsOf(index: SearchIndex, window: number): Array<ReadonlySet<string>> {
  let known = pairSets.get(index);
  if (known === undefined) pairSets.set(index, (known = new Map<string, Array<ReadonlySet<string>>>()));
  const key = String(window);
  const found = known.get(key);
  if (found !== undefined) return found;
  const out = fieldsOf(index).map((fields) => {
    const set = new Set<string>();
    for (const field of [fields.name, fields.title, fields.description, fields.params]) {
      for (let i = 0; i < field.length; i++) for (let j = i + 1; j <= i + window && j < field.length; j++) set.add(`${field[i]} ${field[j]}`);
    }
    return set;
  });
  known.set(key, out);
  return out;
}

function covered(term: string, query: readonly QueryTerm[]): number {
  let best = 0;
  for (const q of query) for (const [alt, w] of q.alternatives) if (alt === term && w > best) best = w;
  return best;
}

const unchanged = (): number => 1;

/** The factor each tool's ranking score is multiplied by, for one need. */
export function refiner(index: SearchIndex, query: readonly QueryTerm[], asked: ReadonlySet<Action>, settings: Refinements, nameBonus: number): (doc: number, nameCover: number) => number {
  const parts: Array<(doc: number, nameCover: number) => number> = [];
  const p = settings.proximity;
  if (p !== undefined && query.length > 1) {
    const pairs = pairsOf(index, p.window);
    const total = query.reduce((n, q) => n + index.idf(q.term), 0);
    const wanted: Array<[string, number]> = [];
    for (let i = 0; i + 1 < query.length; i++) {
      const [a, b] = [query[i], query[i + 1]];
      if (a === undefined || b === undefined) continue;
      const value = (index.idf(a.term) + index.idf(b.term)) / 2;
      for (const [x, wx] of a.alternatives) {
        for (const [y, wy] of b.alternatives) {
          wanted.push([`${x} ${y}`, value * wx * wy]);
          if (p.unordered === true) wanted.push([`${y} ${x}`, value * wx * wy]);
        }
      }
    }
    parts.push((doc) => {
      const set = pairs[doc];
      if (set === undefined || total <= 0) return 1;
      let sum = 0;
      for (const [pair, value] of wanted) if (set.has(pair)) sum += value;
      return 1 + p.weight * Math.min(1, sum / total);
    });
  }
  const o = settings.object;
  const v = settings.verbKind;
  if (o !== undefined || v !== undefined) {
    parts.push((doc, nameCover) => {
      const name = [...new Set(fieldsOf(index)[doc]?.name ?? [])];
      if (name.length === 0) return 1;
      const server = new Set(terms(index.docs[doc]?.server ?? ''));
      const verb = name.find((t) => termActions(t) !== undefined);
      let factor = 1;
      if (o !== undefined) {
        const objects = name.filter((t) => t !== verb && !server.has(t));
        if (objects.length > 0) factor *= 1 + (o.weight * objects.reduce((n, t) => n + covered(t, query), 0)) / objects.length;
      }
      if (v !== undefined && verb !== undefined) {
        const kinds = termActions(verb) ?? new Set<Action>();
        const met = covered(verb, query);
        if (met < v.weight && [...kinds].some((k) => asked.has(k))) {
          const raised = nameCover + (v.weight - met) / name.length;
          factor *= (1 + nameBonus * raised) / (1 + nameBonus * nameCover);
        }
      }
      return factor;
    });
  }
  if (parts.length === 0) return unchanged;
  return (doc, nameCover) => parts.reduce((f, part) => f * part(doc, nameCover), 1);
}
