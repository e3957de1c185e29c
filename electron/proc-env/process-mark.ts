import { readProcStatSync } from './proc-stat';

/** A process named so that a reused pid is not taken for it: its pid and, where /proc tells it, its start. */
export interface ProcessMark {
  pid: number;
  /** Clock ticks after boot (proc(5) field 22); undefined where there is no /proc. */
  start?: string;
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const hasProc = (proc: string): boolean => readProcStatSync(process.pid, proc) !== undefined;

/** The mark of a running process now; undefined when no such process runs (or it is a zombie). One small read. */
export function markProcess(pid: number, proc = '/proc'): ProcessMark | undefined {
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  const stat = readProcStatSync(pid, proc);
  if (stat !== undefined) return stat.state === 'Z' || stat.state === 'X' ? undefined : { pid, start: stat.start };
  if (hasProc(proc)) return undefined;
  return signalable(pid) ? { pid } : undefined;
}

/** Whether the marked process still runs: the same pid started at the same time (a reused pid does not). */
export function stillRunning(mark: ProcessMark, proc = '/proc'): boolean {
  const now = markProcess(mark.pid, proc);
  return now !== undefined && now.start === mark.start;
}
