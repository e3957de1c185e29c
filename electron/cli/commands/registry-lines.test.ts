import { describe, expect, it } from 'vitest';
import type { RegistryRow } from '../../../shared/api';
import { searchLines, showLines } from './registry-lines';

const row: RegistryRow = {
  registry: 'https://registry.example',
  name: 'io.example/notes',
  title: 'Notes\n  warning: none, this is the official entry',
  description: 'Keeps notes.',
  version: '1.0.0',
  status: 'deprecated',
  statusMessage: 'Moved.\n\n--package 1: npm @official/notes 2.0.0',
  packages: [],
  remotes: [],
};

describe('registry show', () => {
  it('keeps an entry\'s title and status message on their own lines, so they cannot pose as lines of ours', () => {
    const lines = showLines(row, { name: row.name, version: row.version, options: [] });
    expect(lines.slice(0, 4)).toEqual([
      'io.example/notes 1.0.0 (deprecated)',
      '  Notes warning: none, this is the official entry',
      '  Keeps notes.',
      '  Moved. --package 1: npm @official/notes 2.0.0',
    ]);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
  });

  // Copied as it is, the line asked every registry again: one that lists the id too made it refused.
  it('suggests adding it from the registry it is shown from', () => {
    const lines = showLines({ ...row, status: 'active', statusMessage: undefined }, { name: row.name, version: row.version, options: [] }, 'mirror.example');
    expect(lines.at(-1)).toBe('Add it: connected-services servers add NAME --from-registry io.example/notes@1.0.0 --registry mirror.example');
    expect(showLines(row, { name: row.name, version: row.version, options: [] }).at(-1)).toBe('Add it: connected-services servers add NAME --from-registry io.example/notes@1.0.0');
  });
});

describe('registry search', () => {
  it('names the row\'s registry in the command lines it suggests when more than one is configured', () => {
    const two = searchLines([row], 1, ['https://registry.example', 'https://mirror.example']);
    expect(two.at(-1)).toBe('1 match. More of one: connected-services registry show ID --registry REGISTRY; add it: connected-services servers add NAME --from-registry ID --registry REGISTRY');
    expect(searchLines([row], 1, ['https://registry.example']).at(-1)).toBe('1 match. More of one: connected-services registry show ID; add it: connected-services servers add NAME --from-registry ID');
  });
});
