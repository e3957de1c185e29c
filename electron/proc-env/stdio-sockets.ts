import { readdirSync, readlinkSync } from 'node:fs';

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
 * user, so they prove nothing and are left out; so is anything this process holds itself.
 */
export function stdioSockets(pid: number, proc = '/proc'): Set<string> {
  const own = new Set<string>();
  try {
    for (const fd of readdirSync(`${proc}/self/fd`)) {
      const target = link('self', fd, proc);
      if (target !== undefined) own.add(target);
    }
  } catch {
    // no /proc: nothing to compare with, so nothing is taken
    return new Set();
  }
  const sockets = new Set<string>();
  for (const fd of STDIO_FDS) {
    const target = link(pid, fd, proc);
    if (target?.startsWith('socket:[') === true && !own.has(target)) sockets.add(target);
  }
  return sockets;
}

/** Whether `pid` holds one of `sockets` on its stdin, stdout or stderr (where a run's programs inherit them). */
export function holdsSocket(pid: number, sockets: ReadonlySet<string>, proc = '/proc'): boolean {
  if (sockets.size === 0) return false;
  for (const fd of STDIO_FDS) {
    const target = link(pid, fd, proc);
    if (target !== undefined && sockets.has(target)) return true;
  }
  return false;
}
