import type { ProcStat } from './proc-stat';

/** Processes of one run held at once; past it a run (a fork bomb) adds no more, and its group kill is what is left. */
export const MAX_RUN_PROCESSES = 4096;

/**
 * The processes provably of one run (Linux): its root, what each of them started (a parent link seen
 * while that parent lived), and every member of the root's session (it leads one: spawned detached).
 * A process that leaves the group (setsid), its session, or clears its environment (`env -i`) keeps
 * the link recorded here; re-parenting to init after its parent exits does not erase it. Each entry
 * is a pid with its start time, so a pid reused by another program is never taken for ours.
 */
export class RunTree {
  readonly root: ProcStat;
  readonly #known = new Map<number, string>();
  /** Called when adoption added processes (a record of them may be kept elsewhere). */
  onGrow: (() => void) | undefined;

  constructor(root: ProcStat) {
    this.root = root;
    this.#known.set(root.pid, root.start);
  }

  get size(): number {
    return this.#known.size;
  }

  /**
   * Adopts, among `stats` (all read before this call), each process whose parent is ours and, while
   * the root runs, each member of its session. A parent (or the root) counts only if `alive` finds it
   * now (read after `stats`) with the start recorded: it then lived when the child's stat was read, so
   * the link was to ours and not to a process that took its pid since. The callers read /proc for it
   * without blocking (parentsIn names what to read).
   */
  adopt(stats: readonly ProcStat[], alive: (pid: number, start: string) => boolean): void {
    const verified = new Map<number, boolean>();
    const ours = (pid: number): boolean => {
      const start = this.#known.get(pid);
      if (start === undefined) return false; // not ours yet: may be adopted later in this call
      let lives = verified.get(pid);
      if (lives === undefined) verified.set(pid, (lives = alive(pid, start)));
      return lives;
    };
    const before = this.#known.size;
    const sessionOurs = ours(this.root.pid);
    let pending = stats.filter((stat) => this.#known.get(stat.pid) !== stat.start);
    for (let grew = true; grew && pending.length > 0; ) {
      grew = false;
      const rest: ProcStat[] = [];
      for (const stat of pending) {
        if (this.#known.size >= MAX_RUN_PROCESSES) break;
        if ((sessionOurs && stat.session === this.root.pid) || ours(stat.ppid)) {
          this.#known.set(stat.pid, stat.start);
          grew = true;
        } else {
          rest.push(stat);
        }
      }
      pending = rest;
    }
    if (this.#known.size > before) this.onGrow?.();
  }

  /** The parents `stats` name that are ours: what `adopt` asks `alive` about (read them after `stats`). */
  parentsIn(stats: readonly ProcStat[]): { pid: number; start: string }[] {
    const wanted = new Map<number, string>([[this.root.pid, this.root.start]]);
    for (const stat of stats) {
      const start = this.#known.get(stat.ppid);
      if (start !== undefined) wanted.set(stat.ppid, start);
    }
    return [...wanted].map(([pid, start]) => ({ pid, start }));
  }

  /** Takes a process found ours by another sign (it holds the run's socket). */
  claim(stat: ProcStat): void {
    if (this.#known.size < MAX_RUN_PROCESSES) this.#known.set(stat.pid, stat.start);
  }

  /** Every process taken so far, as pid and start (some may have ended). */
  members(): { pid: number; start: string }[] {
    return [...this.#known].map(([pid, start]) => ({ pid, start }));
  }

  /** Forgets the ones whose pid `pids` (every pid now) lacks: they ended, and a long run's record stays its living ones. */
  forgetMissing(pids: ReadonlySet<number>): void {
    for (const pid of this.#known.keys()) if (!pids.has(pid) && pid !== this.root.pid) this.#known.delete(pid);
  }

  /** Forgets the ones `stats` (every process, read at once) does not show running. */
  forgetAbsent(stats: readonly ProcStat[]): void {
    const running = new Map(stats.filter((stat) => stat.state !== 'Z' && stat.state !== 'X').map((stat) => [stat.pid, stat.start]));
    for (const [pid, start] of this.#known) if (running.get(pid) !== start && pid !== this.root.pid) this.#known.delete(pid);
  }

  /** Ours among `stats`, zombies left out. */
  runningIn(stats: readonly ProcStat[]): ProcStat[] {
    return stats.filter((stat) => this.has(stat) && stat.state !== 'Z' && stat.state !== 'X');
  }

  has(stat: Pick<ProcStat, 'pid' | 'start'>): boolean {
    return this.#known.get(stat.pid) === stat.start;
  }
}
