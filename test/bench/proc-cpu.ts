/** A process's CPU time from /proc (Linux), to the nanosecond where the kernel keeps schedstat. */
import { readdirSync, readFileSync } from 'node:fs';

/** The time on CPU, ms, of one `/proc/…/schedstat` line (its first field, ns); undefined when it is not one. */
export function schedstatMs(text: string): number | undefined {
  const match = /^(\d+) \d+ \d+\s*$/.exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]) / 1e6;
}

/** utime + stime of a `/proc/PID/stat` line, ms (USER_HZ 100, so 10 ms steps); undefined when it is not one. */
export function statCpuMs(text: string): number | undefined {
  // utime and stime are fields 14 and 15; the command name before them may hold spaces.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * 10 : undefined;
}

export interface ProcReader {
  list(dir: string): string[];
  read(path: string): string;
}

const PROC: ProcReader = { list: (dir) => readdirSync(dir), read: (path) => readFileSync(path, 'utf8') };

/**
 * CPU time a process has used so far, ms: the sum of its live threads' schedstat (ns; the process's
 * own schedstat is its main thread only, and Node works on several), else /proc/PID/stat's ticks
 * where schedstat is missing (a kernel without CONFIG_SCHEDSTATS); NaN once the process is gone.
 */
export function processCpuMs(pid: number, proc: ProcReader = PROC): number {
  try {
    let total = 0;
    let threads = 0;
    for (const tid of proc.list(`/proc/${pid}/task`)) {
      let ms: number | undefined;
      try {
        ms = schedstatMs(proc.read(`/proc/${pid}/task/${tid}/schedstat`));
      } catch {
        continue; // the thread ended meanwhile, or no schedstat here
      }
      if (ms === undefined) continue;
      total += ms;
      threads++;
    }
    if (threads > 0) return total;
  } catch {
    // no task folder: fall back to stat below
  }
  try {
    return statCpuMs(proc.read(`/proc/${pid}/stat`)) ?? NaN;
  } catch {
    return NaN;
  }
}
