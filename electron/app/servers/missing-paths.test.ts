import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingPaths } from './missing-paths';

describe('missingPaths', () => {
  const here = mkdtempSync(join(tmpdir(), 'cs-missing-paths-'));
  const gone = join(here, 'notes-typo');

  it("names a whole-path argument that is not there, as Filesystem's folder typed wrong", () => {
    expect(missingPaths({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', here, gone] })).toEqual([
      { note: `${gone}, among its arguments, does not exist (yet): if the server should find it there, check the path`, path: gone, kind: 'argument', doctorChecks: true },
    ]);
    // A flag's value may be a file the server makes itself: said, but doctor leaves it.
    expect(missingPaths({ command: 'uvx', args: ['mcp-server-sqlite', '--db-path', gone] })).toEqual([
      { note: `${gone}, among its arguments, does not exist (yet): if the server should find it there, check the path`, path: gone, kind: 'argument', doctorChecks: false },
    ]);
  });

  it("names the missing folder a flag's value is in, which doctor checks: a server seldom makes it", () => {
    const inside = join(gone, 'dir');
    expect(missingPaths({ command: 'npx', args: ['-y', 'some-server', '--read-only', inside] })).toEqual([
      {
        note: `${inside} (among its arguments) goes in ${gone}, which does not exist (yet): a server seldom makes it; create ${gone} if the server should find or make ${inside} there, else check the path`,
        path: gone,
        kind: 'argumentFolder',
        doctorChecks: true,
      },
    ]);
  });

  it('names the program and the folder it runs in, which doctor checks too', () => {
    expect(missingPaths({ command: './serve.sh', cwd: gone })).toEqual([
      { note: `${gone} does not exist (yet): the server cannot start until it does`, path: gone, kind: 'folder', doctorChecks: true },
      { note: `${join(gone, 'serve.sh')} does not exist (yet): the server cannot start until it does`, path: join(gone, 'serve.sh'), kind: 'program', doctorChecks: true },
    ]);
  });

  it('leaves alone what is not a whole path, a reference resolved later, and an address', () => {
    const args = [`--root=${gone}`, `${gone}:/data`, '${env:HOME}/notes', '~/notes', 'https://example.com/x', 'relative/dir', '-v'];
    expect(missingPaths({ command: 'docker', args })).toEqual([]);
    expect(missingPaths({ type: 'http', url: 'https://example.com/mcp' })).toEqual([]);
  });
});
