import { describe, expect, it } from 'vitest';
import { noteMissingPaths } from './missing-path-note';

function notes(config: Parameters<typeof noteMissingPaths>[1]): string[] {
  const lines: string[] = [];
  noteMissingPaths({ out: (l) => lines.push(l), err: (l) => lines.push(l) }, config);
  return lines;
}

describe('noteMissingPaths', () => {
  it('notes a program path and a folder that are not there', () => {
    expect(notes({ command: '/no/such/program', cwd: '/no/such/folder' })).toEqual([
      'note: /no/such/folder does not exist (yet): the server cannot start until it does (`connected-services doctor` checks it)',
      'note: /no/such/program does not exist (yet): the server cannot start until it does (`connected-services doctor` checks it)',
    ]);
    expect(notes({ command: './bin/server', cwd: '/tmp' })).toEqual(['note: /tmp/bin/server does not exist (yet): the server cannot start until it does (`connected-services doctor` checks it)']);
  });

  it('says nothing of a program found on PATH, paths that are there, references, or a URL server', () => {
    expect(notes({ command: 'npx', args: ['--root=/nowhere', '/nowhere:/data'] })).toEqual([]);
    expect(notes({ command: process.execPath, cwd: '/tmp' })).toEqual([]);
    expect(notes({ command: '${secret:BIN}/server', cwd: '~/work' })).toEqual([]);
    expect(notes({ type: 'http', url: 'https://mcp.example.com/mcp' })).toEqual([]);
  });
});
