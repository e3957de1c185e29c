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
});
