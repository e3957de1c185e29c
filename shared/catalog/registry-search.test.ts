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
});
