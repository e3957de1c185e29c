import { carriesMark } from './run-mark';
import { readProcStat, type ProcStat } from './proc-stat';
import { readAll, RunTree } from './run-tree';
import { holdsSocket, stdioSockets } from './stdio-sockets';
import { watchTree } from './tree-ticker';

/**
 * Everything one spawned child (a stdio server) started, by three signs on Linux, none of which the
 * child drops by clearing its environment alone: the parent links recorded while it ran (RunTree),
 * its stdio sockets still held, and the run's mark in the environment (run-mark.ts). Create it in
 * the turn of the spawn; `close` once the run is over.
 */
export class RunWatch {
  readonly #tree: RunTree;
  readonly #sockets: Set<string>;
  readonly #mark: string | undefined;
  readonly #proc: string;
  #unwatch: (() => void) | undefined;

  private constructor(tree: RunTree, mark: string | undefined, proc: string) {
    this.#tree = tree;
    this.#mark = mark;
    this.#proc = proc;
    this.#sockets = stdioSockets(tree.root.pid, proc);
    this.#unwatch = watchTree(tree);
  }

  /** Watches `pid` (spawned detached, so it leads its session); undefined when it is gone already. */
  static of(pid: number, mark?: string, proc = '/proc'): RunWatch | undefined {
    const root = readProcStat(pid, proc);
    return root === undefined ? undefined : new RunWatch(new RunTree(root, proc), mark, proc);
  }

  /** What of the run still runs now, the root included while it lives (each one's start time checked). */
  survivors(): ProcStat[] {
    const stats = readAll(this.#proc);
    this.#tree.refresh(stats);
    const since = Number(this.#tree.root.start);
    for (const stat of stats) {
      // One started before the root cannot descend from it: most processes, and their links and environment go unread.
      if (Number(stat.start) < since || this.#tree.has(stat)) continue;
      if (holdsSocket(stat.pid, this.#sockets, this.#proc) || (this.#mark !== undefined && carriesMark(stat.pid, this.#mark, this.#proc))) this.#tree.claim(stat);
    }
    // What the ones just claimed started.
    this.#tree.adopt(stats);
    return this.#tree.running();
  }

  close(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
  }
}
