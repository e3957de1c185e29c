import { decimalAt, readProcFile } from './proc-read';

/** What /proc/PID/stat (proc(5)) says of a process that ties it to a run: its parent, group, session and start. */
export interface ProcStat {
  pid: number;
  ppid: number;
  pgrp: number;
  session: number;
  /** Clock ticks after boot: with the pid, names one process (a reused pid starts later). */
  start: string;
  /** Z (zombie) and X (dead) are gone already; only the reaping is left. */
  state: string;
}

const SPACE = 0x20;
const CLOSE = 0x29; // ')'
/** The fields kept, counted from the state (field 3 of proc(5)): state, ppid, pgrp, session, starttime. */
const STARTTIME = 19;

/**
 * The stat of `pid`, undefined once it is gone. Read synchronously, so only for the one process a
 * run's watch starts from (in its spawn's turn, or a recorded run's root at a start): every other
 * read of /proc is proc-scan's, without blocking.
 */
export function readProcStat(pid: number, proc = '/proc'): ProcStat | undefined {
  const bytes = readProcFile(`${proc}/${pid}/stat`);
  if (bytes === undefined) return undefined;
  // The name (field 2) is in parentheses and may hold spaces and ')': the fields after the last ')' are plain.
  const close = bytes.lastIndexOf(CLOSE);
  if (close < 0) return undefined;
  const numbers: number[] = [];
  let state: string | undefined;
  let start: string | undefined;
  for (let from = close + 2, field = 0; field <= STARTTIME && from < bytes.length; field++) {
    let to = bytes.indexOf(SPACE, from);
    if (to < 0) to = bytes.length;
    if (field === 0) state = bytes.toString('latin1', from, to);
    else if (field <= 3) numbers.push(decimalAt(bytes, from, to));
    else if (field === STARTTIME) start = bytes.toString('latin1', from, to).trimEnd();
    from = to + 1;
  }
  const [ppid, pgrp, session] = numbers;
  if (state === undefined || start === undefined || ppid === undefined || pgrp === undefined || session === undefined) return undefined;
  if (Number.isNaN(ppid) || Number.isNaN(pgrp) || Number.isNaN(session)) return undefined;
  return { pid, ppid, pgrp, session, start, state };
}
