import type { ServerState } from '../../shared/api';
import type { Connection } from './connection';
import type { SlotCredentials } from './credential-renewal';
import type { InventoryRefresher } from './inventory-refresh';
import { stoppedWhileStarting } from './map-error';
import type { SlotState } from './slot-state';

/**
 * A person's stop (Stop, a removal, the pool closing), a restart's own (Restart, a changed entry:
 * ends stopped, counted by no start) or one between uses.
 */
export type StopKind = 'stopped' | 'restart' | 'idle';

/** What a slot's stops need of it (slot-lifecycle.ts). */
export interface StopHost {
  readonly name: string;
  readonly state: SlotState;
  readonly refresher: InventoryRefresher;
  readonly credentials: SlotCredentials;
  /** Lets go of the running connection (its idle countdown, session checks): what ran, to wait for. */
  letGo(): { conn: Connection | undefined; starting: Promise<unknown> | undefined };
  move(to: ServerState): void;
}

/**
 * A slot's stops: one at a time, a second joining the one under way. Each person's stop is counted
 * as it is asked, so a start asked before it gives up even if it had not yet begun (its first await
 * still pending): the person asked last, the server ends stopped.
 */
export class SlotStops {
  /** Bumped by every stop, so a start under way gives up (slot-start.ts) and its connection's late reports are dropped. */
  generation = 0;
  /** Person's stops asked so far, joined ones included: what a start compares (`assertNoStopSince`). */
  #asked = 0;
  #stopping: Promise<void> | undefined;
  /** How the stop under way ends: `stopped` once any stop it joined was a person's or a restart's. */
  #kind: 'stopped' | 'idle' = 'idle';
  /** The start under way's: a stop aborts it. */
  #abort: AbortController | undefined;

  constructor(private readonly host: StopHost) {}

  /** Taken when a start is asked, before anything is awaited. */
  get asked(): number {
    return this.#asked;
  }

  get stopping(): Promise<void> | undefined {
    return this.#stopping;
  }

  /** A person's stop asked after `asked` was taken: the start it was taken for must not go on. */
  assertNoStopSince(asked: number): void {
    if (asked !== this.#asked) throw stoppedWhileStarting(this.host.name);
  }

  /** One start, aborted by any stop while it runs. */
  async abortable<T>(start: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const abort = new AbortController();
    this.#abort = abort;
    try {
      return await start(abort.signal);
    } finally {
      if (this.#abort === abort) this.#abort = undefined;
    }
  }

  stop(kind: StopKind): Promise<void> {
    if (kind === 'stopped') this.#asked++;
    if (this.#stopping) {
      if (kind !== 'idle') this.#kind = 'stopped';
      return this.#stopping;
    }
    this.#kind = kind === 'idle' ? 'idle' : 'stopped';
    this.generation++;
    const stopping = this.#run().finally(() => {
      this.#stopping = undefined;
    });
    this.#stopping = stopping;
    return stopping;
  }

  async #run(): Promise<void> {
    const { state, refresher, credentials } = this.host;
    state.crashes.cancelRestart();
    state.crashes.reset();
    this.#abort?.abort();
    const { conn, starting } = this.host.letGo();
    refresher.clear();
    await Promise.all([conn?.close(), starting?.catch(() => undefined), refresher.running]);
    await credentials.release();
    if (state.state !== 'idle' && state.state !== 'stopped') this.host.move(this.#kind);
  }
}
