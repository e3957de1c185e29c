import { describe, expect, it } from 'vitest';
import { readPage, sectionOf, tableCells } from './markdown';
import { serverEntryFields, settingsFields, transportsOf } from './schema-fields';

const PAGE = 'docs/configuration.md';
const FIX = `add it to ${PAGE} (or take it out of the page) in the same commit as the schema change`;

/** The fields a section's tables list: the code span that is a row's first cell, with the row's cells. */
function listed(title: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of sectionOf(readPage(PAGE), title)) {
    const cells = tableCells(line);
    const field = cells?.[0] && /^`([^`]+)`$/.exec(cells[0])?.[1];
    if (cells && field) rows.set(field, cells);
  }
  return rows;
}

/** docs/configuration.md names every field the schemas of mcp.json have, and none they lack. */
describe('docs/configuration.md against the schema', () => {
  it('lists every field of a server entry, with the kind of entry that has it', () => {
    const page = listed('Every field of a server entry');
    const schema = serverEntryFields();
    expect(schema.length).toBeGreaterThan(20);
    expect(
      schema.filter((field) => !page.has(field)),
      `fields of a server entry missing from "Every field of a server entry": ${FIX}`,
    ).toEqual([]);
    expect(
      [...page.keys()].filter((field) => !schema.includes(field)),
      `"Every field of a server entry" names fields no schema has: ${FIX}`,
    ).toEqual([]);
    const wrong = schema.flatMap((field) => {
      const kinds = transportsOf(field);
      const expected = kinds.length === 2 ? 'both' : kinds[0] === 'http' ? 'HTTP' : 'stdio';
      const written = page.get(field)?.[1];
      return written === expected ? [] : [`${field}: "${written}", the schema says ${expected}`];
    });
    expect(wrong, 'the "where" column').toEqual([]);
  });

  it('lists every field of settings', () => {
    const page = listed('Every field of `settings`');
    const schema = settingsFields();
    expect(schema.filter((field) => !page.has(field)), `fields of settings missing: ${FIX}`).toEqual([]);
    expect([...page.keys()].filter((field) => !schema.includes(field)), `settings fields the schema lacks: ${FIX}`).toEqual([]);
  });
});
