import { readdir, readlink } from 'node:fs/promises';
import { readlinkSync } from 'node:fs';
import { inBatches, stdioLinks } from './proc-scan';

const STDIO_FDS = [0, 1, 2];

function linkSync(pid: number, fd: number, proc: string): string | undefined {
  try {
    return readlinkSync(`${proc}/${pid}/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/*
 * The sockets on a child's stdin, stdout and stderr ("socket:[inode]"): its ends of the pairs we
 * spawned it with. A socket cannot be opened by its /proc path (ENXIO), so a process holding one got
 * it from the child: inherited, or passed on. Pipes can be opened that way by any process of the
 * user, so they prove nothing and are left out; so is anything this process holds itself (its
 * descriptors, as many as its connections, are read without blocking).
 */

/**
 * For a child spawned in this turn: its three links are read now, synchronously. A quick program may
 * exit and be reaped by the next turn, and its links go with it; a daemon it started holding its
 * stderr would then go unproven.
 */
export function stdioSockets(pid: number, proc = '/proc'): Promise<Set<string>> {
  return notOwn(
    STDIO_FDS.map((fd) => linkSync(pid, fd, proc)),
    proc,
  );
}

/**
 * For a process that was not just spawned (a run an earlier app process left, resumed after its
 * crash): nothing is lost by a turn's wait, so nothing blocks. This process's links are read first.
 */
export async function stdioSocketsLater(pid: number, proc = '/proc'): Promise<Set<string>> {
  const own = await ownLinks(proc);
  if (own === undefined) return new Set();
  return pick(await stdioLinks(pid, proc), own);
}

function notOwn(links: (string | undefined)[], proc: string): Promise<Set<string>> {
  if (!links.some(isSocket)) return Promise.resolve(new Set());
  return ownLinks(proc).then((own) => (own === undefined ? new Set() : pick(links, own)));
}

function isSocket(target: string | undefined): target is string {
  return target?.startsWith('socket:[') === true;
}

function pick(links: (string | undefined)[], own: Set<string>): Set<string> {
  return new Set(links.filter(isSocket).filter((target) => !own.has(target)));
}

/** What this process's descriptors point at; undefined without /proc (nothing to compare with, so nothing is taken). */
async function ownLinks(proc: string): Promise<Set<string> | undefined> {
  let fds: string[];
  try {
    fds = await readdir(`${proc}/self/fd`);
  } catch {
    return undefined;
  }
  const targets = await inBatches(fds, (fd) => readlink(`${proc}/self/fd/${fd}`).catch(() => undefined));
  return new Set(targets.filter((target): target is string => target !== undefined));
}
