import { describe, expect, it } from 'vitest';
import { processCpuMs, schedstatMs, statCpuMs, type ProcReader } from './proc-cpu';

/** A /proc of our own: paths to their text; a missing path throws as readFileSync does. */
function fakeProc(files: Record<string, string>): ProcReader {
  const missing = (path: string): Error => Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
  return {
    list: (dir) => {
      const names = Object.keys(files).filter((path) => path.startsWith(`${dir}/`)).map((path) => path.slice(dir.length + 1).split('/')[0] ?? '');
      if (names.length === 0) throw missing(dir);
      return [...new Set(names)];
    },
    read: (path) => {
      if (!Object.hasOwn(files, path)) throw missing(path);
      return files[path] ?? '';
    },
  };
}

// pid 42, command `node (x) y`; utime 12 and stime 3 ticks (fields 14 and 15).
const STAT = '42 (node (x) y) S 1 42 42 0 -1 4194304 100 0 0 0 12 3 0 0 20 0 7 0 100 1000 50';

describe('schedstatMs', () => {
  it('reads the first field of a schedstat line, ns, as ms with its fraction', () => {
    expect(schedstatMs('1234567 890 12\n')).toBe(1.234567);
    expect(schedstatMs('0 0 0')).toBe(0);
  });
  it('takes nothing that is not such a line', () => {
    for (const text of ['', 'abc 1 2', '1 2', '-5 1 2', '1 2 3 4']) expect(schedstatMs(text)).toBeUndefined();
  });
});

describe('statCpuMs', () => {
  it('reads utime + stime in 10 ms ticks, past a command name holding spaces and parentheses', () => {
    expect(statCpuMs(STAT)).toBe(150);
    expect(statCpuMs('garbage')).toBeUndefined();
  });
});

describe('processCpuMs', () => {
  it('sums every live thread\'s schedstat, the main thread\'s alone being part of it', () => {
    const proc = fakeProc({
      '/proc/42/task/42/schedstat': '3500000 10 2\n',
      '/proc/42/task/43/schedstat': '1250000 10 2\n',
      '/proc/42/stat': STAT,
    });
    expect(processCpuMs(42, proc)).toBe(4.75);
  });
  it('falls back to /proc/PID/stat where no thread has a schedstat', () => {
    expect(processCpuMs(42, fakeProc({ '/proc/42/task/42/status': 'x', '/proc/42/stat': STAT }))).toBe(150);
    expect(processCpuMs(42, fakeProc({ '/proc/42/stat': STAT }))).toBe(150);
  });
  it('is NaN for a process that is gone', () => {
    expect(processCpuMs(42, fakeProc({}))).toBeNaN();
  });
  it('reads this very process on Linux', () => {
    const ms = processCpuMs(process.pid);
    if (process.platform === 'linux') expect(ms).toBeGreaterThan(0);
    else expect(ms).toBeNaN();
  });
});
