import { listPids, readProcStat, type ProcStat } from './proc-stat';
import type { RunTree } from './run-tree';

/**
 * How often the running trees look for new processes. A process that starts and loses its parent
 * between two looks (a daemon's double fork) is not linked; the other signs (its socket, the mark)
 * still find it. One look reads the stat only of pids new since the last one, for all trees at once.
 */
export const TREE_LOOK_MS = 500;

const trees = new Set<RunTree>();
let seen = new Set<number>();
let timer: NodeJS.Timeout | undefined;

function look(): void {
  const pids = listPids();
  const fresh: ProcStat[] = [];
  for (const pid of pids) {
    if (seen.has(pid)) continue;
    const stat = readProcStat(pid);
    if (stat !== undefined) fresh.push(stat);
  }
  seen = new Set(pids);
  for (const tree of trees) {
    // Before adopting: a pid missing from the list is not one of `fresh`.
    tree.forgetMissing(seen);
    tree.adopt(fresh);
  }
}

/**
 * Looks at the tree every TREE_LOOK_MS until the returned function is called. Call it right after
 * the spawn, in the same turn: a look between the two would count the run's first processes as seen.
 */
export function watchTree(tree: RunTree): () => void {
  trees.add(tree);
  if (timer === undefined) {
    timer = setInterval(look, TREE_LOOK_MS);
    timer.unref();
  }
  return () => {
    trees.delete(tree);
    if (trees.size > 0 || timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
    seen = new Set();
  };
}
