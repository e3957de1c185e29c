import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../build/run-checks.mjs';

const node = process.execPath;
const script = (code: string): string[] => ['-e', code];

describe("npm test's static checks run at once (build/checks.mjs)", () => {
  it('passes when every check exits 0, each output whole under its name', async () => {
    const written: string[] = [];
    const passed = await runChecks(
      [
        { name: 'slow', label: 'the slow one', command: node, args: script("setTimeout(() => console.log('slow says 1'), 300)"), cwd: tmpdir() },
        { name: 'fast', label: 'the fast one', command: node, args: script("console.log('fast says 2'); console.error('fast warns')"), cwd: tmpdir() },
      ],
      (text) => written.push(text),
    );
    expect(passed).toBe(true);
    // One piece each, as it ends: its stdout and stderr together, never mixed with the other's.
    expect(written).toHaveLength(2);
    expect(written.find((text) => text.includes('> fast:'))).toMatch(/^\n> fast: the fast one \(passed, \d+ s\)\nfast says 2\nfast warns\n$/);
    expect(written.find((text) => text.includes('> slow:'))).toMatch(/^\n> slow: the slow one \(passed, \d+ s\)\nslow says 1\n$/);
  });

  it('fails when one check fails, and still waits for and prints the other', async () => {
    const written: string[] = [];
    const passed = await runChecks(
      [
        { name: 'types', label: 'tsc', command: node, args: script("console.log('error TS2322'); process.exit(2)"), cwd: tmpdir() },
        { name: 'lint', label: 'eslint', command: node, args: script("setTimeout(() => console.log('clean'), 200)"), cwd: tmpdir() },
      ],
      (text) => written.push(text),
    );
    expect(passed).toBe(false);
    expect(written.join('')).toContain('> types: tsc (failed: exit 2');
    expect(written.join('')).toContain('error TS2322');
    expect(written.join('')).toContain('> lint: eslint (passed');
  });

  it('fails when a check cannot start', async () => {
    const written: string[] = [];
    expect(await runChecks([{ name: 'missing', label: 'x', command: '/nonexistent/program', args: [], cwd: tmpdir() }], (text) => written.push(text))).toBe(false);
    expect(written.join('')).toMatch(/> missing: x \(failed: .*ENOENT/);
  });
});
