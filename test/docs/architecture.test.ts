import { describe, expect, it } from 'vitest';
import { API_EVENTS, API_METHODS } from '../../shared/api';
import { LAYERS } from '../layering/layers.mjs';
import { readPage, sectionOf, tableCells } from './markdown';

const PAGE = 'docs/architecture.md';

/** A table's rows in a section, from their first column's code span: `name` → the row's cells. */
function rowsByName(title: string, column = 0): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of sectionOf(readPage(PAGE), title)) {
    const cells = tableCells(line);
    const name = cells?.[column] && /^`([^`]+)`$/.exec(cells[column])?.[1];
    if (cells && name) rows.set(name, cells);
  }
  return rows;
}

/** docs/architecture.md against the code it maps: the layer list, and the App API's methods and events. */
describe('docs/architecture.md', () => {
  it('lists every folder of test/layering/layers.mjs, in its order and on its layer', () => {
    const written = [...rowsByName('The layers', 1).entries()].map(([folder, cells]) => `${cells[0]} ${folder}`);
    const expected = LAYERS.flatMap((layer, i) => layer.map((folder) => `${i + 1} ${folder}`));
    expect(written, `the table under "The layers" must list test/layering/layers.mjs as it is now: update ${PAGE}`).toEqual(expected);
  });

  it('names every App API method of shared/api/contract.ts, and no other', () => {
    const written = [...rowsByName('One App API, two transports').keys()].filter((name) => !(name in API_EVENTS));
    const methods = Object.keys(API_METHODS);
    expect(methods.filter((m) => !written.includes(m)), `methods missing from the table in ${PAGE}`).toEqual([]);
    expect(written.filter((m) => !methods.includes(m)), `methods in ${PAGE} the contract does not have`).toEqual([]);
  });

  it('names every App API event of shared/api/contract.ts, and no other', () => {
    const written = [...rowsByName('One App API, two transports').keys()].filter((name) => !(name in API_METHODS));
    const events = Object.keys(API_EVENTS);
    expect(events.filter((e) => !written.includes(e)), `events missing from the table in ${PAGE}`).toEqual([]);
    expect(written.filter((e) => !events.includes(e)), `events in ${PAGE} the contract does not have`).toEqual([]);
  });

  it('defines each of our own words in its glossary', () => {
    const words = sectionOf(readPage(PAGE), 'Glossary').flatMap((line) => tableCells(line)?.[0] ?? []);
    for (const word of ['door', 'powers', 'asks', 'lane', 'gate', 'slot', 'widening']) expect(words).toContain(word);
  });
});
