import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchoredEntry, relativePathIn, typedFolderFor } from './relative-paths';

describe('a relative path in a command line', () => {
  const base = mkdtempSync(join(tmpdir(), 'cs-relative-paths-'));
  mkdirSync(join(base, 'build'));
  writeFileSync(join(base, 'build', 'index.js'), '');

  it('is the program when it is written as a path, whether or not the file is there yet', () => {
    for (const program of ['./gone.sh', '../tools/run', 'bin/server']) expect(relativePathIn([program, '--flag'], base), program).toBe(program);
    expect(anchoredEntry({ command: './gone.sh' }, base)).toEqual({ command: './gone.sh', cwd: base });
  });

  it('is an argument only when it names a file there now; a program name from PATH is none', () => {
    expect(relativePathIn(['node', 'build/index.js'], base)).toBe('build/index.js');
    expect(relativePathIn(['node', 'build/missing.js'], base)).toBeUndefined();
    expect(relativePathIn(['npx', '-y', '@scope/server'], base)).toBeUndefined();
    expect(anchoredEntry({ command: 'npx', args: ['-y', '@scope/server'] }, base)).toEqual({ command: 'npx', args: ['-y', '@scope/server'] });
    expect(anchoredEntry({ command: '/usr/bin/env' }, base)).toEqual({ command: '/usr/bin/env' });
  });

  it('is not a program that starts with a reference or ~: those are anchored elsewhere', () => {
    for (const program of ['${env:HOME}/bin/srv', '~/bin/srv']) {
      expect(relativePathIn([program], base), program).toBeUndefined();
      expect(anchoredEntry({ command: program }, base)).toEqual({ command: program });
    }
  });
});

describe('the folder servers edit records for a command line', () => {
  const base = mkdtempSync(join(tmpdir(), 'cs-typed-folder-'));
  const entryCwd = mkdtempSync(join(tmpdir(), 'cs-entry-folder-'));
  writeFileSync(join(entryCwd, 'run.sh'), '');

  it('is where it was typed when it names a relative path, there yet or not', () => {
    expect(typedFolderFor(['./gone.sh'], undefined, base)).toBe(base);
    expect(typedFolderFor(['./gone.sh'], '/elsewhere', base)).toBe(base);
    expect(typedFolderFor(['npx', '-y', 'pkg'], entryCwd, base)).toBeUndefined();
  });

  it("is the entry's own folder (kept) when the path is there and not where it was typed", () => {
    expect(typedFolderFor(['./run.sh'], entryCwd, base)).toBeUndefined();
  });
});
