import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { markedOutputHolders, newRunMark, RUN_MARK_VAR } from './run-mark';

const children: ChildProcess[] = [];

function sleeper(env: Record<string, string>, stdio: 'pipe' | 'ignore'): number {
  const child = spawn('sleep', ['600'], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, stdio });
  children.push(child);
  return child.pid ?? -1;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe.skipIf(process.platform !== 'linux')('markedOutputHolders', () => {
  it('finds only what carries the exact mark and still holds its output', () => {
    const mark = newRunMark();
    const holder = sleeper({ [RUN_MARK_VAR]: mark }, 'pipe');
    sleeper({ [RUN_MARK_VAR]: mark }, 'ignore'); // its output is /dev/null: a daemon's
    sleeper({ [RUN_MARK_VAR]: `${mark}0` }, 'pipe'); // another run's mark, longer
    sleeper({ OTHER: `${RUN_MARK_VAR}=${mark}` }, 'pipe'); // the mark's text inside another variable
    sleeper({}, 'pipe');
    expect(markedOutputHolders(mark)).toEqual([holder]);
  });

  it('never gives this process, and nothing for a mark no one carries', () => {
    expect(markedOutputHolders(newRunMark())).toEqual([]);
    expect(newRunMark()).toMatch(/^[0-9a-f]{32}$/);
  });
});
