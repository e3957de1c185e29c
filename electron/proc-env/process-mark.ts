import { readProcStatOrThrow, readProcStatSync } from './proc-stat';

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


/** Errors that say the process is not there; any other (EMFILE, ENFILE, EACCES, EIO) says only that it cannot be looked at now. */
const GONE_CODES = new Set(['ENOENT', 'ESRCH']);

/**
 * The marked process's liveness where the answer must be definite: 'gone' only when it is not there,
 * a zombie, or its pid started at another time; 'unknown' when its /proc entry cannot be read now
 * (too many open files, a denied read), which a caller must not take for gone.
 */
export function processLiveness(mark: ProcessMark, proc = '/proc'): 'running' | 'gone' | 'unknown' {
  if (!Number.isSafeInteger(mark.pid) || mark.pid <= 0) return 'gone';
  try {
    const stat = readProcStatOrThrow(mark.pid, proc);
    if (stat === undefined) return 'unknown';
    return stat.state === 'Z' || stat.state === 'X' || stat.start !== mark.start ? 'gone' : 'running';
  } catch (error) {
    if (!GONE_CODES.has((error as NodeJS.ErrnoException).code ?? '')) return 'unknown';
  }
  if (hasProc(proc)) return 'gone';
  // No /proc here: the pid alone answers, as markProcess marks it.
  if (mark.start !== undefined) return 'unknown';
  try {
    process.kill(mark.pid, 0);
    return 'running';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EPERM' ? 'running' : code === 'ESRCH' ? 'gone' : 'unknown';
  }
}

/**
 * Whether the marked process still runs: the same pid started at the same time (a reused pid does
 * not). A /proc entry that cannot be read now ('unknown') is no proof it ended, so it counts as running.
 */
export function stillRunning(mark: ProcessMark, proc = '/proc'): boolean {
  return processLiveness(mark, proc) !== 'gone';
}
