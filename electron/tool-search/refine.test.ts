import { describe, expect, it } from 'vitest';
import { rankTools, SearchIndex, type Refinements, type ToolDoc } from '.';
import { needActions } from './actions';
import { refiner } from './refine';
import { queryTerms } from './search-index';

const tool = (server: string, name: string, description: string): ToolDoc => ({ id: `${server}/${name}`, server, name, description });

// Two tools with the same words, once side by side and once apart, among others that make the words rare.
const DOCS: ToolDoc[] = [
  tool('places', 'place_info', 'A place: its phone, rating and the number of reviews'),
  tool('places', 'place_contact', 'The phone number, street address, website, rating, opening days, menu, photos and owner of a place as its listing shows them'),
  tool('maps', 'list_directory', 'List the files in a directory of a project'),
  tool('files', 'list_issues', 'List the open issues of a project'),
  tool('files', 'create_issue', 'Create an issue in a project'),
  ...Array.from({ length: 20 }, (_, i) => tool(`other${i}`, `do_thing_${i}`, `Does thing ${i} with a widget`)),
];
const index = new SearchIndex(DOCS);
const factor = (need: string, refine: Refinements, name: string, nameCover = 0): number => {
  const doc = DOCS.findIndex((d) => d.name === name);
  return refiner(index, queryTerms(need), needActions(need), refine, 0.35)(doc, nameCover);
};
const order = (need: string, refine: Refinements): string[] => rankTools(index, need, { limit: 5, admit: () => true }, {}, refine).hits.map((h) => DOCS[h.doc]?.name ?? '');

describe('refinements of the ranking', () => {
  it('proximity: raises a tool holding the need’s consecutive words side by side, not one holding them apart', () => {
    const proximity = { proximity: { weight: 1, window: 1 } };
    expect(factor('the phone number of this place', proximity, 'place_contact')).toBeGreaterThan(1);
    expect(factor('the phone number of this place', proximity, 'place_info')).toBe(1);
    expect(order('the phone number of this place', {})[0]).toBe('place_info');
    expect(order('the phone number of this place', proximity)[0]).toBe('place_contact');
  });

  it('proximity: in the need’s order only, unless unordered; within the window', () => {
    expect(factor('number phone', { proximity: { weight: 1, window: 1 } }, 'place_contact')).toBe(1);
    expect(factor('number phone', { proximity: { weight: 1, window: 1, unordered: true } }, 'place_contact')).toBeGreaterThan(1);
    // "phone … number" are two words apart in place_info's description ("and", "the" are not words of a need).
    expect(factor('phone number', { proximity: { weight: 1, window: 1 } }, 'place_info')).toBe(1);
    expect(factor('phone number', { proximity: { weight: 1, window: 2 } }, 'place_info')).toBeGreaterThan(1);
  });

  it('object: raises a tool whose name’s object (not its verb, not its server) the need names, synonyms at their weight', () => {
    const object = { object: { weight: 1 } };
    expect(factor('show my open tickets', object, 'list_issues')).toBeCloseTo(1.5);
    expect(factor('show my open issues', object, 'list_issues')).toBeCloseTo(2);
    expect(factor('show my open issues', object, 'list_directory')).toBe(1);
  });

  it('verb by kind: counts the name’s verb as met when the need asks its kind of action', () => {
    const verbKind = { verbKind: { weight: 0.5 } };
    // "show" asks to read, as `list` does: the name's two words are half met by "show" and half by "issues".
    expect(factor('show the issues', verbKind, 'list_issues', 0.5)).toBeCloseTo((1 + 0.35 * 0.75) / (1 + 0.35 * 0.5));
    expect(factor('remove the issues', verbKind, 'list_issues', 0.5)).toBe(1);
  });

  it('never changes the fit "nothing fits" is judged on', () => {
    const need = 'the phone number of this place';
    const plain = rankTools(index, need, { limit: 5, admit: () => true }, {});
    const refined = rankTools(index, need, { limit: 5, admit: () => true }, {}, { proximity: { weight: 2, window: 1 }, object: { weight: 1 } });
    expect(refined.fit).toBe(plain.fit);
  });
});
