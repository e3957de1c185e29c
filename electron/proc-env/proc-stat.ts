import { readdirSync, readFileSync } from 'node:fs';
import { parseStat } from './proc-scan';

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

/** The pids in `proc` (never this process's own). */
export function listPids(proc = '/proc'): number[] {
  let names: string[];
  try {
    names = readdirSync(proc);
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const name of names) if (/^\d+$/.test(name) && Number(name) !== process.pid) pids.push(Number(name));
  return pids;
}

/** The stat of `pid`, undefined once it is gone. */
export function readProcStat(pid: number, proc = '/proc'): ProcStat | undefined {
  try {
    return parseStat(pid, readFileSync(`${proc}/${pid}/stat`, 'latin1'));
  } catch {
    return undefined;
  }
}

/** Still the process `stat` names: same pid, same start, not yet dead. */
export function stillRunning(stat: Pick<ProcStat, 'pid' | 'start'>, proc = '/proc'): boolean {
  const now = readProcStat(stat.pid, proc);
  return now !== undefined && now.start === stat.start && now.state !== 'Z' && now.state !== 'X';
}
