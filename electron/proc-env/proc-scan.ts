import { readdir, readlink } from 'node:fs/promises';
import type { ProcStat } from './proc-stat';
import { readSmall } from './proc-read';

/** Reads in flight at once: enough to be quick, few enough not to fill libuv's pool. */
const BATCH = 32;
/*
 * /proc files say they are empty, so fs's readFile reads them in 64 KiB chunks: one such buffer per
 * process looked at, several looks per stop, grew serve's memory (docs/benchmarks.md, memory after
 * the agents go quiet). A stat line fits STAT_BYTES (a buffer from Node's shared pool); most
 * environments fit ENVIRON_FIRST_BYTES, and a larger one is read whole.
 */
const STAT_BYTES = 1024;
const ENVIRON_FIRST_BYTES = 16 * 1024;
/** comm is 16 bytes at most with its newline (proc(5)). */
const COMM_BYTES = 64;

/** starttime, counted from the state (field 3 of proc(5)). */
const STARTTIME = 19;
/** A run's mark is one variable; an environment longer than this is read only this far (a hostile one may be huge). */
export const MAX_ENVIRON_BYTES = 256 * 1024;

/** `work` over `items`, BATCH at a time, each batch awaited: the event loop turns between them. */
export async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += BATCH) results.push(...(await Promise.all(items.slice(at, at + BATCH).map(work))));
  return results;
}

/** Parses /proc/PID/stat (proc(5)); the name (field 2) may hold spaces and ')', so the fields after the last ')' are read. */
export function parseStat(pid: number, text: string): ProcStat | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  // Only the five fields used are cut out: a split into some fifty strings per process, on every
  // look at every process, grew the young generation (docs/benchmarks.md, memory after the agents go quiet).
  const kept: string[] = [];
  for (let from = close + 2, field = 0; field <= STARTTIME && from <= text.length; field++) {
    let to = text.indexOf(' ', from);
    if (to < 0) to = text.length;
    if (field <= 3 || field === STARTTIME) kept.push(text.slice(from, to));
    from = to + 1;
  }
  const [state, ppid, pgrp, session, start] = kept;
  if (state === undefined || ppid === undefined || pgrp === undefined || session === undefined || start === undefined) return undefined;
  return { pid, ppid: Number(ppid), pgrp: Number(pgrp), session: Number(session), start: start.trimEnd(), state };
}

export async function statOf(pid: number, proc = '/proc'): Promise<ProcStat | undefined> {
  const bytes = await readSmall(`${proc}/${pid}/stat`, STAT_BYTES);
  return bytes === undefined ? undefined : parseStat(pid, bytes.toString('latin1'));
}

/** The stat of every process now (never this one), read without blocking; those that end meanwhile are left out. */
export async function scanAll(proc = '/proc'): Promise<ProcStat[]> {
  let names: string[];
  try {
    names = await readdir(proc);
  } catch {
    return [];
  }
  const pids = names.filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid).map(Number);
  const stats = await inBatches(pids, (pid) => statOf(pid, proc));
  return stats.filter((stat): stat is ProcStat => stat !== undefined);
}

/** The first MAX_ENVIRON_BYTES of the environment of `pid`; undefined when gone or another user's. */
export async function environOf(pid: number, proc = '/proc'): Promise<Buffer | undefined> {
  const path = `${proc}/${pid}/environ`;
  const first = await readSmall(path, ENVIRON_FIRST_BYTES);
  if (first === undefined || first.length < ENVIRON_FIRST_BYTES) return first;
  // Read again from the start, no further than the bound: a hostile environment may be megabytes.
  return readSmall(path, MAX_ENVIRON_BYTES);
}

export function holdsEntry(environ: Buffer, entry: Buffer): boolean {
  for (let at = environ.indexOf(entry); at >= 0; at = environ.indexOf(entry, at + 1)) {
    if ((at === 0 || environ[at - 1] === 0) && (at + entry.length === environ.length || environ[at + entry.length] === 0)) return true;
  }
  return false;
}

/** The targets of the stdin, stdout and stderr links of `pid` ("socket:[…]", "pipe:[…]", a path). */
export async function stdioLinks(pid: number, proc = '/proc'): Promise<(string | undefined)[]> {
  return Promise.all([0, 1, 2].map((fd) => readlink(`${proc}/${pid}/fd/${fd}`).catch(() => undefined)));
}

/** The program name of `pid` (comm), for messages; bounded by the kernel to 15 bytes. */
export async function nameOf(pid: number, proc = '/proc'): Promise<string> {
  const bytes = await readSmall(`${proc}/${pid}/comm`, COMM_BYTES);
  return bytes === undefined ? '?' : bytes.toString('latin1').trim();
}
