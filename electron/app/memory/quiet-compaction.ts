import type { Bridge } from '../../bridge';
import type { Pool } from '../../pool';
import { compactWhenAgentsQuiet } from './compact-when-agents-quiet';
import { collectAllGarbage } from './collect-all-garbage';
import { compactWhenServersStop } from './compact-when-quiet';

export interface QuietCompactionOptions {
  /** Default collectAllGarbage; false when it could not run. */
  compact?: () => boolean;
  /** How long the agents must be quiet; default AGENTS_QUIET_MS. */
  agentsQuietMs?: number;
}

/**
 * What `serve` and the desktop app do with the memory agents' traffic grew (V8's young generation above all): nothing
 * while they are busy (V8 sizes it as it sees fit), and one full, memory-reducing collection once the
 * last server stops or once the agents have been quiet a while, whichever comes first after a busy
 * spell (docs/how-it-is-built.md). The pool is watched from its creation, before it has a server: it then
 * knows every state from the pool's announcements and never reads them all (50 statuses, each
 * hashing its approval) at ready; the bridge from when it listens.
 */
export class QuietCompaction {
  readonly #compact: () => boolean;
  readonly #agentsQuietMs: number | undefined;
  readonly #stops: Array<() => void> = [];
  #compactedAt = -Infinity;
  #compactions = 0;

  constructor(options: QuietCompactionOptions = {}) {
    this.#compact = options.compact ?? collectAllGarbage;
    this.#agentsQuietMs = options.agentsQuietMs;
  }

  /** Collections run so far. */
  get compactions(): number {
    return this.#compactions;
  }

  watchPool(pool: Pool): void {
    this.#stops.push(
      compactWhenServersStop({
        states: () => pool.statuses().map((status) => status.state),
        onStateChange: (listener) => pool.on('state', (status) => listener(status.state)),
        compact: () => this.#run(),
      }),
    );
  }

  watchBridge(bridge: Pick<Bridge, 'lastRequestAt'>): void {
    this.#stops.push(
      compactWhenAgentsQuiet({
        lastRequestAt: () => bridge.lastRequestAt(),
        compactedAt: () => this.#compactedAt,
        compact: () => this.#run(),
        ...(this.#agentsQuietMs !== undefined ? { quietMs: this.#agentsQuietMs } : {}),
      }),
    );
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  #run(): void {
    if (!this.#compact()) return;
    this.#compactedAt = Date.now();
    this.#compactions++;
  }
}
