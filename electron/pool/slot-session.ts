import { sessionTimings, type SessionTimings, type Settings } from '../../shared/config';
import type { Connection } from './connection';
import { SessionCheck, type SessionCheckHost } from './session-check';
import { SessionRenewal, type RenewalHost } from './slot-session-renewal';

/** A slot's part of the renewal host, with the pool's renewals of every server by name (slot-options.ts). */
type SessionHost = Omit<RenewalHost, 'timings' | 'renewalTimes'> & Pick<SessionCheckHost, 'setTimer'> & { readonly renewals: Map<string, number[]> };

/**
 * A slot's 2025-11-25 HTTP session kept alive across the server forgetting it: renewed when a 404
 * says so (slot-session-renewal.ts), asked when quiet whether the server still knows it (session-check.ts).
 */
export class SlotSession {
  readonly renewal: SessionRenewal;
  readonly #check: SessionCheck;
  /** mcp.json's session settings as last applied (server-slot.ts): read at each check and renewal. */
  #timings: SessionTimings = sessionTimings(undefined);

  constructor(host: SessionHost) {
    const renewalTimes = host.renewals.get(host.name) ?? [];
    host.renewals.set(host.name, renewalTimes);
    const timings = (): SessionTimings => this.#timings;
    this.renewal = new SessionRenewal({ ...host, timings, renewalTimes });
    this.#check = new SessionCheck({ setTimer: host.setTimer, current: () => host.current(), answered: (conn) => this.renewal.used(conn), timings });
  }

  /** New settings: the check's period in force starts over; the rest applies at its next use. */
  settingsChanged(settings: Settings | undefined): void {
    const next = sessionTimings(settings);
    const retime = next.checkMs !== this.#timings.checkMs;
    this.#timings = next;
    if (retime) this.#check.retime();
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
