import { describe, expect, it } from 'vitest';
import type { RegistryRow } from '../../../shared/api';
import { showLines } from './registry-lines';

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
});
