import { readdir, readlink } from 'node:fs/promises';
import { readlinkSync } from 'node:fs';
import { inBatches } from './proc-scan';

const STDIO_FDS = [0, 1, 2];

function link(pid: number | 'self', fd: number | string, proc: string): string | undefined {
  try {
    return readlinkSync(`${proc}/${pid}/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/**
 * The sockets on the child's stdin, stdout and stderr ("socket:[inode]"): its ends of the pairs we
 * spawned it with. A socket cannot be opened by its /proc path (ENXIO), so a process holding one got
 * it from the child: inherited, or passed on. Pipes can be opened that way by any process of the
 * user, so they prove nothing and are left out; so is anything this process holds itself. The
 * child's three links are read now (call it in the spawn's turn: a quick program may be gone at the
 * next); this process's own descriptors, as many as its connections, without blocking.
 */
export function stdioSockets(pid: number, proc = '/proc'): Promise<Set<string>> {
  const candidates = STDIO_FDS.map((fd) => link(pid, fd, proc)).filter((target): target is string => target?.startsWith('socket:[') === true);
  if (candidates.length === 0) return Promise.resolve(new Set());
  return ownLinks(proc).then((own) => new Set(own === undefined ? [] : candidates.filter((target) => !own.has(target))));
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
