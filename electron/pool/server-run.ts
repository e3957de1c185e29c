import type { ChildProcess } from 'node:child_process';
import { redact } from '../../shared/redact';
import { endRun, keepRecorded, nameOf, newRunMark, RUN_MARK_VAR, RunWatch, type Unproven } from '../proc-env';
import type { RunLedger } from './run-ledger';

/** Processes named in one log line; the rest are counted. */
const NAMED = 5;

export interface ServerRunOptions {
  server: string;
  platform: NodeJS.Platform;
  graceMs: number;
  log?: ((line: string) => void) | undefined;
  /** Where the run's processes are recorded while it runs (run-ledger.ts); none: not recorded. */
  ledger?: RunLedger | undefined;
}

/** "pid 12 (sleep), pid 13 (sh) and 4 more": the first NAMED with their program names. */
export async function describePids(pids: readonly number[]): Promise<string> {
  const named = await Promise.all(pids.slice(0, NAMED).map(async (pid) => `pid ${pid} (${await nameOf(pid)})`));
  return `${named.join(', ')}${pids.length > NAMED ? ` and ${pids.length - NAMED} more` : ''}`;
}

/** The line told of processes with a run's mark left running for want of a proof (run-watch.ts); `what` ran the run. */
export async function unprovenLine(unproven: readonly Unproven[], what = 'server'): Promise<string> {
  return `left running ${await describePids(unproven.map((u) => u.pid))}: each carries this ${what}'s run mark but is not provably started by it (the mark can be copied into a program started elsewhere)`;
}

/**
 * One stdio server's run on Linux as proc-env sees it: its mark, the watch of what it starts, the
 * record of them (so a start after a crash stops them), and its end by the rule for stdio servers:
 * everything provably its own is stopped, daemons too (docs/configuration.md, "Child processes").
 */
export class ServerRun {
  readonly mark: string | undefined;
  readonly #options: ServerRunOptions;
  #watch: RunWatch | undefined;
  readonly #told = new Set<number>();

  constructor(options: ServerRunOptions) {
    this.#options = options;
    this.mark = options.platform === 'linux' ? newRunMark() : undefined;
  }

  /** The child's environment: `env` and, on Linux, the mark. */
  env(env: Record<string, string>): Record<string, string> {
    return this.mark === undefined ? env : { ...env, [RUN_MARK_VAR]: this.mark };
  }

  /** Call in the spawn's turn, before any look at /proc could take its first children for strangers. */
  watch(pid: number | undefined): void {
    if (this.mark === undefined || pid === undefined) return;
    this.#watch = RunWatch.of(pid, this.mark);
    const { ledger, server, log } = this.#options;
    if (this.#watch === undefined || ledger === undefined) return;
    keepRecorded(this.#watch, ledger, { name: server, mark: this.mark, kind: 'server' }, (error) => log?.(`[${server}] could not record its processes: ${redact(String(error))}`));
  }

  /**
   * A look at the run before the server's stdin is closed: what only its session ties to the run (a
   * child in a process group of its own that cleared its environment) counts only while the server
   * lives (run-tree.ts), and a server may exit the moment its input ends, before the stop's first look.
   */
  linkBeforeStop(): Promise<void> | undefined {
    // No watch (not Linux, or the server gone at its spawn): nothing to wait for, not even a turn.
    return this.#watch?.survivors('end').then(
      () => undefined,
      (error: unknown) => this.#options.log?.(`[${this.#options.server}] could not look at its processes before stopping it: ${redact(String(error))}`),
    );
  }

  /** SIGTERM the group and what is provably of the run, SIGKILL after the grace; then tell what was left for want of proof. */
  async end(child: ChildProcess): Promise<void> {
    const { server, graceMs, platform, log } = this.#options;
    try {
      if (await endRun(child, this.#watch, { graceMs, platform, daemons: 'end' })) log?.(`[${server}] did not stop within ${graceMs} ms of SIGTERM; sent SIGKILL`);
      const fresh = (this.#watch?.unproven() ?? []).filter((u) => !this.#told.has(u.pid));
      for (const u of fresh) this.#told.add(u.pid);
      if (fresh.length > 0) log?.(`[${server}] ${await unprovenLine(fresh)}`);
    } catch (error) {
      log?.(`[${server}] could not stop its process group: ${redact(String(error))}`);
    }
    if (this.mark !== undefined) await this.#options.ledger?.end(this.mark);
  }
}
