/** Resident memory of processes and their descendants, read from /proc (Linux). */
import { readdirSync, readFileSync } from 'node:fs';

function readOr(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process exited meanwhile
  }
}

/** Every live pid with its parent pid. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOr(`/proc/${entry}/stat`);
    // Field 4 (ppid) follows the command name, which is in parentheses and may hold spaces.
    const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : NaN;
    if (Number.isInteger(ppid)) map.set(Number(entry), ppid);
  }
  return map;
}

/** The pid and all its descendants. */
export function processTree(pid: number): number[] {
  const all = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of all) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

/** One process's RSS in MB (0 when it is gone). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readOr(`/proc/${pid}/status`) ?? '');
  return match?.[1] ? Number(match[1]) / 1024 : 0;
}

/** Total RSS of each pid's process tree, in MB. */
export function treeRssMb(...pids: number[]): number {
  const seen = new Set<number>();
  for (const pid of pids) for (const p of processTree(pid)) seen.add(p);
  let total = 0;
  for (const pid of seen) total += rssMb(pid);
  return total;
}

/** User + system CPU time of one process so far, µs (clock ticks of 10 ms: use over many calls). */
export function cpuUsOf(pid: number): number {
  const stat = readOr(`/proc/${pid}/stat`) ?? '';
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
