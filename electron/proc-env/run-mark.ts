import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { PROC_READ_BYTES, readProcFile } from './proc-read';

/**
 * The variable that marks every process one run started (Linux). A program that leaves its process
 * group (setsid) escapes the group's kill and is re-parented away from us, so neither the group nor
 * the tree finds it; its environment, inherited from our spawn, still carries the run's random mark.
 */
export const RUN_MARK_VAR = 'CONNECTED_SERVICES_RUN';

/** A mark no other run has (128 random bits): a process carrying it descends from that run's spawn. */
export function newRunMark(): string {
  return randomBytes(16).toString('hex');
}

function carries(pid: string, entry: Buffer, proc: string): boolean {
  let environ = readProcFile(`${proc}/${pid}/environ`);
  // gone, or another user's: not one we started
  if (environ === undefined) return false;
  if (environ.length === PROC_READ_BYTES) {
    try {
      environ = readFileSync(`${proc}/${pid}/environ`);
    } catch {
      return false;
    }
  }
  for (let at = environ.indexOf(entry); at >= 0; at = environ.indexOf(entry, at + 1)) {
    if ((at === 0 || environ[at - 1] === 0) && (at + entry.length === environ.length || environ[at + entry.length] === 0)) return true;
  }
  return false;
}

function holdsOutput(pid: string, proc: string): boolean {
  for (const fd of [1, 2]) {
    try {
      if (/^(socket|pipe):/.test(readlinkSync(`${proc}/${pid}/fd/${fd}`))) return true;
    } catch {
      // closed, or gone
    }
  }
  return false;
}

/** Whether the environment of `pid` carries `mark` (Linux). */
export function carriesMark(pid: number, mark: string, proc = '/proc'): boolean {
  return carries(String(pid), Buffer.from(`${RUN_MARK_VAR}=${mark}`), proc);
}

/**
 * The processes (never this one) whose environment carries `mark` and whose stdout or stderr is still
 * a pipe or socket: what a run started that keeps its output open. One that closed its output (a
 * daemon such as gpg-agent, meant to outlive the run) is not among them. Linux only (/proc).
 */
export function markedOutputHolders(mark: string, proc = '/proc'): number[] {
  const entry = Buffer.from(`${RUN_MARK_VAR}=${mark}`);
  let pids: string[];
  try {
    pids = readdirSync(proc).filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return [];
  }
  return pids.filter((pid) => carries(pid, entry, proc) && holdsOutput(pid, proc)).map(Number);
}

/** SIGKILLs what `markedOutputHolders` finds; gives their pids. */
export function killMarkedOutputHolders(mark: string): number[] {
  const pids = markedOutputHolders(mark);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return pids;
}
