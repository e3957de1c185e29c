import { RUN_MARK_VAR } from './run-mark';
import { readProcStat, readProcStatSync, type ProcStat } from './proc-stat';
import { environOf, holdsEntry, inBatches, scanAll, statOf, stdioLinks } from './proc-scan';
import { MAX_RUN_PROCESSES, RunTree } from './run-tree';
import { stdioSockets, stdioSocketsLater } from './stdio-sockets';
import { watchTree } from './tree-ticker';

/** Levels of descent one look links (see #adopt). */
const ADOPT_PASSES = 8;

/**
 * What happens at a run's end to a daemon of it: a process provably of the run that left its session
 * and holds none of its stdio sockets (gpg-agent, a browser it started). See docs/configuration.md,
 * "Child processes": a stdio server's are ended, a secret store program's are kept.
 */
export type DaemonRule = 'end' | 'keep';

/** A process seen with the run's mark that is not provably of the run: left running, told of. */
export interface Unproven {
  pid: number;
  start: string;
}

/**
 * Everything one spawned child (a stdio server, a store's program) started (Linux). A process is
 * the run's only by a proof a program the person starts cannot have: a parent link to the run seen
 * while that parent ran (RunTree; the kernel sets it, no one can forge it), or holding one of the
 * child's stdio sockets (one is got only from a holder, by inheritance or fd passing: a launcher such
 * as tmux or systemd does not hand a client's socket to the programs it starts later). The run's mark
 * (run-mark.ts) proves nothing: it is text in the environment, and the server can copy it into a
 * launcher (`tmux setenv -g`, `systemctl --user set-environment`) whose later programs, the person's,
 * would then carry it; so would any secret of the run, since the server can read all it was given.
 * Such a process, started after the run, is noted (`unproven`) and left alone.
 * Create it in the turn of the spawn; `close` once the run is over.
 */
export class RunWatch {
  readonly #tree: RunTree;
  /** Read from the spawn's turn on; every look waits for it. */
  readonly #sockets: Promise<Set<string>>;
  readonly #entry: Buffer | undefined;
  readonly #proc: string;
  readonly #unproven = new Map<number, string>();
  #unwatch: (() => void) | undefined;
  /** One look at a time: each forgets what its own read of /proc does not show. */
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(tree: RunTree, mark: string | undefined, proc: string, sockets: Promise<Set<string>>, looking: boolean) {
    this.#tree = tree;
    this.#entry = mark === undefined ? undefined : Buffer.from(`${RUN_MARK_VAR}=${mark}`);
    this.#proc = proc;
    this.#sockets = sockets;
    this.#unwatch = looking ? watchTree(tree) : undefined;
  }

  /** Watches `pid` (spawned detached, so it leads its session); undefined when it is gone already. */
  static of(pid: number, mark?: string, proc = '/proc'): RunWatch | undefined {
    // Synchronously, in the spawn's turn (readProcStatSync says why), as its stdio links are (stdio-sockets.ts): the only such reads of /proc.
    const root = readProcStatSync(pid, proc);
    if (root === undefined) return undefined;
    return new RunWatch(new RunTree(root), mark, proc, root.state === 'X' ? Promise.resolve(new Set()) : stdioSockets(pid, proc), true);
  }

  /**
   * The run of an earlier process of the app (it crashed): `members` as it recorded them, the first its
   * root, each a pid with its start, so only those still running as recorded (and what they started) are
   * the run's. No periodic look: `survivors` reads /proc whole. The root is read without blocking.
   */
  static async resume(members: readonly { pid: number; start: string }[], mark: string, proc = '/proc'): Promise<RunWatch | undefined> {
    const [first, ...rest] = members;
    if (first === undefined) return undefined;
    const root = await readProcStat(first.pid, proc);
    // The root gone (or its pid another's), its session and sockets prove nothing: a stand-in that never matches.
    const tree = new RunTree(root?.start === first.start ? root : { pid: first.pid, ppid: 0, pgrp: 0, session: 0, start: first.start, state: 'X' });
    for (const member of rest) tree.claim({ ...member, ppid: 0, pgrp: 0, session: 0, state: 'S' });
    // Long running already: its links are read without blocking (stdio-sockets.ts).
    const sockets = tree.root.state === 'X' ? Promise.resolve(new Set<string>()) : stdioSocketsLater(first.pid, proc);
    return new RunWatch(tree, mark, proc, sockets, false);
  }

  get root(): ProcStat {
    return this.#tree.root;
  }

  /** Called when the periodic look finds more of the run. */
  set onGrow(listener: (() => void) | undefined) {
    this.#tree.onGrow = listener;
  }

  /** Every process taken for the run so far (pid and start; some may have ended). */
  members(): { pid: number; start: string }[] {
    return this.#tree.members();
  }

  /**
   * What of the run still runs now, the root included while it lives, read without blocking; with
   * `keep`, its daemons left out. Processes with the mark and no proof are added to `unproven`.
   */
  survivors(daemons: DaemonRule = 'end'): Promise<ProcStat[]> {
    const next = this.#queue.then(() => this.#look(daemons));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** The processes seen carrying the run's mark without a proof, in the order seen. */
  unproven(): Unproven[] {
    return [...this.#unproven].map(([pid, start]) => ({ pid, start })).filter((seen) => !this.#tree.has(seen));
  }

  close(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
  }

  async #look(daemons: DaemonRule): Promise<ProcStat[]> {
    // The root read alive before the scan lived when every stat of it was read: a server that exits
    // while the scan is under way (its stdin closed at the stop) still has its session and children
    // counted. A pid is not reused within one scan.
    const root = this.#tree.root;
    const rootBefore = (await statOf(root.pid, this.#proc))?.start === root.start;
    const stats = await scanAll(this.#proc);
    this.#tree.forgetAbsent(stats);
    await this.#adopt(stats, rootBefore);
    // One started before the root cannot descend from it: most processes, and their links and environment go unread.
    const since = Number(this.#tree.root.start);
    const newer = stats.filter((stat) => Number(stat.start) >= since && !this.#tree.has(stat)).slice(0, MAX_RUN_PROCESSES);
    const claimed = await inBatches(newer, async (stat) => {
      if (await this.#holdsSocket(stat.pid)) {
        this.#tree.claim(stat);
        return true;
      }
      const environ = this.#entry === undefined ? undefined : await environOf(stat.pid, this.#proc);
      if (environ !== undefined && this.#entry !== undefined && holdsEntry(environ, this.#entry) && this.#unproven.size < MAX_RUN_PROCESSES) this.#unproven.set(stat.pid, stat.start);
      return false;
    });
    // What the ones just claimed started.
    if (claimed.includes(true)) await this.#adopt(stats, rootBefore);
    const ours = this.#tree.runningIn(stats);
    if (daemons === 'end') return ours;
    const kept = await inBatches(ours, async (stat) => stat.session === this.#tree.root.pid || (await this.#holdsSocket(stat.pid)));
    return ours.filter((_, at) => kept[at] === true);
  }

  /**
   * RunTree.adopt with each parent it asks about read again now, after `stats`, without blocking; a
   * level of descent per pass (a parent adopted in a pass is read in the next), ADOPT_PASSES at most:
   * deeper chains were linked by the periodic looks, or are by the next look.
   */
  async #adopt(stats: readonly ProcStat[], rootBefore: boolean): Promise<void> {
    for (let pass = 0, size = -1; pass < ADOPT_PASSES && size !== this.#tree.size; pass++) {
      size = this.#tree.size;
      const alive = new Set<number>();
      if (rootBefore) alive.add(this.#tree.root.pid);
      await inBatches(this.#tree.parentsIn(stats), async ({ pid, start }) => {
        if ((await statOf(pid, this.#proc))?.start === start) alive.add(pid);
      });
      this.#tree.adopt(stats, (pid) => alive.has(pid));
    }
  }

  async #holdsSocket(pid: number): Promise<boolean> {
    const sockets = await this.#sockets;
    if (sockets.size === 0) return false;
    return (await stdioLinks(pid, this.#proc)).some((link) => link !== undefined && sockets.has(link));
  }
}
