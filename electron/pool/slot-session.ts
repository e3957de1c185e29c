import type { Connection } from './connection';
import { SessionCheck, type SessionCheckHost } from './session-check';
import { SessionRenewal, type RenewalHost } from './slot-session-renewal';

/**
 * A slot's 2025-11-25 HTTP session kept alive across the server forgetting it: renewed when a 404
 * says so (slot-session-renewal.ts), asked when quiet whether the server still knows it (session-check.ts).
 */
export class SlotSession {
  readonly renewal: SessionRenewal;
  readonly #check: SessionCheck;

  constructor(host: RenewalHost & Pick<SessionCheckHost, 'setTimer'>) {
    this.renewal = new SessionRenewal(host);
    this.#check = new SessionCheck({ setTimer: host.setTimer, current: () => host.current(), answered: (conn) => this.renewal.used(conn) });
  }

  /** A start reached ready on `conn` (a 404 while starting is acted on now), then watched while it runs. */
  ready(conn: Connection): void {
    this.renewal.ready(conn);
    if (conn === this.renewal.current()) this.#check.watch(conn);
  }

  /** A request was answered on `conn`: its session served us, no check is due. */
  answered(conn: Connection): void {
    this.renewal.used(conn);
    this.#check.answered(conn);
  }

  /** The connection is gone (dropped, stopped, closed): no more checks of it. */
  ended(): void {
    this.#check.stop();
  }
}
