import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { PROC_READ_BYTES } from './proc-read';
import { carriesMark, markedOutputHolders, newRunMark, RUN_MARK_VAR } from './run-mark';

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

describe.skipIf(process.platform !== 'linux')('carriesMark', () => {
  it('finds the mark past the first read of a large environment, and only the exact mark', () => {
    const mark = newRunMark();
    // Variables before the mark fill more than one buffer's worth: the mark is read from the whole file.
    const filler = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`FILL_${String(i).padStart(2, '0')}`, 'x'.repeat(4000)]));
    expect(Object.values(filler).join('').length).toBeGreaterThan(PROC_READ_BYTES * 2);
    const far = sleeper({ ...filler, [RUN_MARK_VAR]: mark }, 'ignore');
    const near = sleeper({ [RUN_MARK_VAR]: mark }, 'ignore');
    const other = sleeper({ ...filler, [RUN_MARK_VAR]: `${mark}0` }, 'ignore');
    expect(carriesMark(far, mark)).toBe(true);
    expect(carriesMark(near, mark)).toBe(true);
    expect(carriesMark(other, mark)).toBe(false);
    expect(carriesMark(2 ** 22 + 7, mark)).toBe(false); // no such process
  });
});
