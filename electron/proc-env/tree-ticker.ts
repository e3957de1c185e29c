import { readdir } from 'node:fs/promises';
import { inBatches, statOf } from './proc-scan';
import type { ProcStat } from './proc-stat';
import type { RunTree } from './run-tree';

/**
 * How often the running trees look for new processes. A process that starts and loses its parent
 * between two looks (a daemon's double fork) is not linked; the other signs (its socket, the mark)
 * still find it. One look reads the stat only of pids new since the last one, for all trees at once.
 */
export const TREE_LOOK_MS = 500;
/**
 * Stats one look reads at most. The first look reads every process on the computer; a fork storm
 * adds thousands between two looks. Past the bound the newest pids wait for the next look (a pid left
 * unread stays new), so one look's work, and what it holds, stays bounded.
 */
export const TREE_LOOK_STATS = 2048;

export interface TreeTickerOptions {
  proc?: string;
  everyMs?: number;
  maxStats?: number;
  /** A seam for tests: arms the next look; returns its cancel. Default: an unref'd setTimeout. */
  schedule?: (look: () => void, ms: number) => () => void;
  /** A seam for tests: milliseconds on a monotonic clock. Default: performance.now. */
  now?: () => number;
}

function unrefTimeout(look: () => void, ms: number): () => void {
  const timer = setTimeout(look, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * The periodic look of every watched tree, read without blocking (small reads, BATCH at a time, the
 * event loop turning between them). The next look is armed only once the last one ended: looks never
 * overlap, so each forgets only what its own read of /proc does not show.
 */
export class TreeTicker {
  readonly #trees = new Set<RunTree>();
  readonly #proc: string;
  readonly #everyMs: number;
  readonly #maxStats: number;
  readonly #schedule: (look: () => void, ms: number) => () => void;
  readonly #now: () => number;
  /** Pids read by an earlier look (or listed by it and read before): not read again. */
  #seen = new Set<number>();
  #cancel: (() => void) | undefined;
  #looking: Promise<void> | undefined;
  /** When the last look began (#now). */
  #began: number | undefined;

  constructor(options: TreeTickerOptions = {}) {
    this.#proc = options.proc ?? '/proc';
    this.#everyMs = options.everyMs ?? TREE_LOOK_MS;
    this.#maxStats = options.maxStats ?? TREE_LOOK_STATS;
    this.#schedule = options.schedule ?? unrefTimeout;
    this.#now = options.now ?? (() => performance.now());
  }

  /**
   * Looks at the tree every `everyMs` until the returned function is called. Call it right after the
   * spawn, in the same turn: a look between the two would count the run's first processes as seen.
   */
  watch(tree: RunTree): () => void {
    this.#trees.add(tree);
    this.#arm();
    return () => {
      this.#trees.delete(tree);
      if (this.#trees.size > 0) return;
      this.#cancel?.();
      this.#cancel = undefined;
      if (this.#looking === undefined) {
        this.#seen = new Set();
        this.#began = undefined;
      }
    };
  }

  /** One look now (the timer's; tests call it), or the one under way: looks never overlap. */
  look(): Promise<void> {
    if (this.#looking === undefined) this.#began = this.#now();
    this.#looking ??= this.#lookOnce().finally(() => {
      this.#looking = undefined;
      if (this.#trees.size === 0) {
        this.#seen = new Set();
        this.#began = undefined;
      }
      this.#arm();
    });
    return this.#looking;
  }

  #arm(): void {
    if (this.#cancel !== undefined || this.#looking !== undefined || this.#trees.size === 0) return;
    // everyMs from the last look's start, as with a fixed interval, unless that look took longer.
    const wait = this.#began === undefined ? this.#everyMs : Math.max(0, this.#everyMs - (this.#now() - this.#began));
    this.#cancel = this.#schedule(() => {
      this.#cancel = undefined;
      this.look().catch(() => undefined);
    }, wait);
  }

  async #lookOnce(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.#proc);
    } catch {
      return;
    }
    const listed = new Set<number>();
    const fresh: number[] = [];
    const unread: number[] = [];
    for (const name of names) {
      if (!/^\d+$/.test(name)) continue;
      const pid = Number(name);
      if (pid === process.pid) continue;
      listed.add(pid);
      if (!this.#seen.has(pid)) (fresh.length < this.#maxStats ? fresh : unread).push(pid);
    }
    const read = await inBatches(fresh, (pid) => statOf(pid, this.#proc));
    const stats = read.filter((stat): stat is ProcStat => stat !== undefined);
    for (const tree of [...this.#trees]) {
      // Before adopting: a pid missing from the list is not one of `stats`.
      tree.forgetMissing(listed);
      // Nothing new, nothing to adopt: a quiet run's look reads no stat at all.
      if (stats.length > 0) await adoptChecked(tree, stats, this.#proc);
    }
    // Seen: every pid listed but those past the bound, which stay new for the next look.
    for (const pid of unread) listed.delete(pid);
    this.#seen = listed;
  }
}

/** Levels of descent one look links among the processes it read (a chain deeper is linked by the next look's). */
const ADOPT_PASSES = 8;

/**
 * RunTree.adopt with each parent it asks about read again now, after `stats`, without blocking: a
 * level of descent per pass (a parent adopted in a pass is read in the next), each parent read once.
 */
async function adoptChecked(tree: RunTree, stats: readonly ProcStat[], proc: string): Promise<void> {
  const alive = new Map<number, boolean>();
  for (let pass = 0, size = -1; pass < ADOPT_PASSES && size !== tree.size; pass++) {
    size = tree.size;
    const unread = tree.parentsIn(stats).filter(({ pid }) => !alive.has(pid));
    await inBatches(unread, async ({ pid, start }) => {
      alive.set(pid, (await statOf(pid, proc))?.start === start);
    });
    tree.adopt(stats, (pid) => alive.get(pid) === true);
  }
}

const ticker = new TreeTicker();

/** The process's one ticker (TreeTicker.watch). */
export function watchTree(tree: RunTree): () => void {
  return ticker.watch(tree);
}
