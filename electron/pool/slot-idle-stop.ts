import { idleTimeoutOf, type ServerConfig, type Settings } from '../../shared/config';
import { IdleTimer, type SetTimer } from './idle-timer';

/** What a slot's idle stop needs of it. */
export interface IdleStopHost {
  readonly name: string;
  /** Running and ready, neither starting nor stopping: only then is it stopped for idleness. */
  stoppable(): boolean;
  /** An inventory fetch in flight (a request to the server), if any. */
  refreshing(): Promise<void> | undefined;
  /** Stops it as `idle`; the next call starts it again. */
  stop(): void;
  log(line: string): void;
}

/**
 * A server stopped between uses after its idle time (the settings' default or its own
 * idleTimeoutMs); `timer` counts its uses in flight (idle-timer.ts).
 */
export class SlotIdleStop {
  readonly timer: IdleTimer;
  #ms: number;

  constructor(
    config: ServerConfig,
    settings: Settings | undefined,
    setTimer: SetTimer,
    private readonly host: IdleStopHost,
  ) {
    this.#ms = idleTimeoutOf(config, settings);
    this.timer = new IdleTimer({ setTimer, timeoutMs: () => this.#ms, onIdle: () => this.#onIdle() });
  }

  /** After a config apply: a changed idle time (own or the settings' default) applies to the running countdown. */
  changed(config: ServerConfig, settings: Settings | undefined, ready: boolean): void {
    const ms = idleTimeoutOf(config, settings);
    if (ms === this.#ms) return;
    this.#ms = ms;
    if (ready) this.timer.arm();
  }

  #onIdle(): void {
    if (!this.host.stoppable() || this.timer.busy) return;
    const refreshing = this.host.refreshing();
    if (refreshing) {
      // An inventory fetch is a request in flight: wait for it, then a full idle period.
      const rearm = (): void => this.timer.arm();
      void refreshing.then(rearm, rearm);
      return;
    }
    this.host.log(`[${this.host.name}] stopped after ${this.#ms} ms unused; the next call starts it again`);
    this.host.stop();
  }
}
