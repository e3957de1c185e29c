import { describe, expect, it } from 'vitest';
import type { RegistryRow } from '../api';
import { indexRegistryRows, searchRegistry } from './registry-search';

const row = (name: string, description: string, extra: Partial<RegistryRow> = {}): RegistryRow => ({
  registry: 'https://r.example',
  name,
  description,
  version: '1.0.0',
  status: 'active',
  packages: [],
  remotes: [],
  ...extra,
});

describe('searchRegistry', () => {
  const rows = [
    row('io.example/notes', 'Keeps weather notes'),
    row('io.example/weather', 'Forecasts', { title: 'Weather Now' }),
    row('io.example/other', 'Something', { packages: [{ registryType: 'npm', identifier: '@acme/weather-mcp' }] }),
    row('io.example/unrelated', 'Nothing here'),
  ];
  const index = indexRegistryRows(rows);

  it('matches name, title, description and package identifiers, name or title first', () => {
    const found = searchRegistry(index, 'Weather', 10);
    expect(found.total).toBe(3);
    expect(found.rows.map((r) => r.name)).toEqual(['io.example/weather', 'io.example/notes', 'io.example/other']);
  });

  it('needs every word, caps the answer and counts all matches', () => {
    expect(searchRegistry(index, 'weather notes', 10).rows.map((r) => r.name)).toEqual(['io.example/notes']);
    expect(searchRegistry(index, 'io.example', 2)).toMatchObject({ total: 4, rows: [{ name: 'io.example/notes' }, { name: 'io.example/weather' }] });
    expect(searchRegistry(index, '  ', 3).total).toBe(4);
    expect(searchRegistry(index, 'absent', 3)).toEqual({ rows: [], total: 0 });
  });

  it('typing on, and back, answers as a fresh search would (narrowing from remembered queries)', () => {
    const many = Array.from({ length: 300 }, (_, i) => row(`io.example/s${i}`, `${i % 3 === 0 ? 'weather' : 'notes'} ${i % 5 === 0 ? 'north' : 'south'} ${i}`, i % 7 === 0 ? { title: `Weather ${i}` } : {}));
    const typed = indexRegistryRows(many);
    const queries = ['w', 'we', 'weather', 'weather ', 'weather n', 'weather no', 'weather n', 'weather', 'weathe', 'w', '', 'n', 'no', 'nor', 'north 1', 'north 12', 'north 1', 'south', 'weather s'];
    for (const query of queries) {
      expect(searchRegistry(typed, query, 20), query).toEqual(searchRegistry(indexRegistryRows(many), query, 20));
    }
    const demoted = indexRegistryRows([row('io.x/first', 'weather north'), row('io.x/weather', 'north wind'), row('io.x/weather-north', 'both')]);
    expect(searchRegistry(demoted, 'weather', 10).rows.map((r) => r.name)).toEqual(['io.x/weather', 'io.x/weather-north', 'io.x/first']);
    expect(searchRegistry(demoted, 'weather north', 10).rows.map((r) => r.name)).toEqual(['io.x/weather-north', 'io.x/first', 'io.x/weather']);
    // Every match in order: a row a longer word drops from the name-or-title matches keeps its place among the rest.
    const all = indexRegistryRows(many);
    for (const query of ['weather', 'weather 1', 'weather 10']) {
      expect(searchRegistry(all, query, 300), query).toEqual(searchRegistry(indexRegistryRows(many), query, 300));
    }
  });

  /** What the search must answer, written plainly: every row visited, every word looked for in its texts. */
  function plainly(rows: readonly RegistryRow[], query: string, limit: number): { rows: string[]; total: number } {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const head = (r: RegistryRow): string => `${r.name} ${r.title ?? ''}`.toLowerCase();
    const text = (r: RegistryRow): string => `${head(r)} ${r.description} ${r.packages.map((p) => p.identifier).join(' ')}`.toLowerCase();
    const all = rows.filter((r) => words.every((w) => text(r).includes(w)));
    const strong = all.filter((r) => words.every((w) => head(r).includes(w)));
    const ordered = [...strong, ...all.filter((r) => !strong.includes(r))];
    return { rows: ordered.slice(0, limit).map((r) => r.name), total: ordered.length };
  }

  it('answers as a plain row-by-row search would, over a large snapshot, typing on and back', () => {
    const topics = ['weather', 'github', 'notes', 'slack', 'jira'];
    const many = Array.from({ length: 2000 }, (_, i) =>
      row(`io.example/t${i}`, `For ${topics[i % 5]} and ${topics[(i * 3 + 1) % 5]}\nline two ${i}`, {
        ...(i % 4 === 0 ? { title: `${topics[(i + 2) % 5]} ${i}` } : {}),
        packages: i % 3 === 0 ? [{ registryType: 'npm', identifier: `@acme/${topics[i % 5]}-${i}` }] : [],
      }),
    );
    const index = indexRegistryRows(many);
    // Broad (every row: scanned anew), narrow (few rows: checked one by one), several words, a word in the name and the description, absent ones.
    const typed = ['w', 'we', 'weather', 'weather j', 'weather ji', 'weather jira', 'weather', '', 't1', 't12', 't123', 't12', '@acme/j', '@acme/jira-1', 'two 19', 'notes slack', 'NOTES', 'zzz', 'line', 'line\ntwo', 'io.example/t7 two'];
    for (const query of typed) {
      const found = searchRegistry(index, query, 25);
      expect({ rows: found.rows.map((r) => r.name), total: found.total }, query).toEqual(plainly(many, query, 25));
    }
  });

  it('never lets a word span two entries or a name and its description', () => {
    const index = indexRegistryRows([row('io.x/alpha', 'ends with ab'), row('io.x/cd-first', 'beta'), row('io.x/gamma', 'delta')]);
    // "ab" ends one entry's text and "cd" starts the next one's: "abcd" is in neither.
    expect(searchRegistry(index, 'abio.x', 5).total).toBe(0);
    expect(searchRegistry(index, 'gammadelta', 5).total).toBe(0);
    expect(searchRegistry(index, 'delta', 5).rows.map((r) => r.name)).toEqual(['io.x/gamma']);
  });

  it('finds text whose lowercase is longer than it (the index counts places in the lowercased text)', () => {
    const index = indexRegistryRows([row('io.x/first', 'İİİ then more', { title: 'İstanbul' }), row('io.x/second', 'weather')]);
    expect(searchRegistry(index, 'weather', 5).rows.map((r) => r.name)).toEqual(['io.x/second']);
    expect(searchRegistry(index, 'more', 5).rows.map((r) => r.name)).toEqual(['io.x/first']);
  });
});
