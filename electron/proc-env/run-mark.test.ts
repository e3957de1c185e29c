import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { carriesMark, newRunMark, RUN_MARK_VAR } from './run-mark';

const children: ChildProcess[] = [];

function sleeper(env: Record<string, string>): number {
  const child = spawn('sleep', ['600'], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, stdio: 'ignore' });
  children.push(child);
  return child.pid ?? -1;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe.skipIf(process.platform !== 'linux')('carriesMark', () => {
  it('finds the exact mark as a variable of its own, nothing else', async () => {
    const mark = newRunMark();
    expect(await carriesMark(sleeper({ [RUN_MARK_VAR]: mark }), mark)).toBe(true);
    expect(await carriesMark(sleeper({ [RUN_MARK_VAR]: `${mark}0` }), mark)).toBe(false); // another run's mark, longer
    expect(await carriesMark(sleeper({ OTHER: `${RUN_MARK_VAR}=${mark}` }), mark)).toBe(false); // inside another variable
    expect(await carriesMark(sleeper({}), mark)).toBe(false);
    expect(newRunMark()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('finds the mark past the first read of a large environment, which is read whole', async () => {
    const mark = newRunMark();
    // More than the first 16 KiB read, and more than one fs chunk: the mark comes after all of it.
    const filler = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`FILL_${String(i).padStart(2, '0')}`, 'x'.repeat(4000)]));
    expect(await carriesMark(sleeper({ ...filler, [RUN_MARK_VAR]: mark }), mark)).toBe(true);
    expect(await carriesMark(sleeper({ ...filler, [RUN_MARK_VAR]: `${mark}0` }), mark)).toBe(false);
  });
});
