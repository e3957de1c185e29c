import { SESSION_SETTINGS, type SessionTimings } from '../../shared/config';
import { errorMessage, toCodedError, type CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { Connection } from './connection';
import { sessionGoneAgain, sessionsKeptForgotten } from './session-expiry';
import type { SlotState } from './slot-state';

/** What renewing a session needs of its slot (slot-lifecycle.ts). */
export interface RenewalHost {
  readonly name: string;
  readonly state: SlotState;
  /** The running connection, undefined while none. */
  current(): Connection | undefined;
  /** Closes the running connection between uses, as an idle stop (not a crash: no restart is counted). */
  drop(conn: Connection): void;
  /** A request failed on `conn`: dropped and shown as the server's error (slot-lifecycle.ts). */
  callFailed(conn: Connection, error: CodedError): void;
  /** A lazy start: a fresh `initialize`, the tools listed again, then every held subscription asked for again (server-slot.ts). */
  start(): Promise<Connection>;
  publish(): void;
  log(line: string): void;
  now(): number;
  /** The settings in force (`renewalsPerMinute`), read at each renewal. */
  timings(): SessionTimings;
  /**
   * When renewals found by the GET stream or the check began, for this server's name: kept by the
   * pool, so the count holds across the entry removed and added again within the minute.
   */
  readonly renewalTimes: number[];
}

/** By default, at most this many renewals found by the GET stream or the check (no request waiting) within STREAM_RENEWAL_WINDOW_MS. */
export const MAX_STREAM_RENEWALS = SESSION_SETTINGS.sessionRenewalsPerMinute.default;
export const STREAM_RENEWAL_WINDOW_MS = 60_000;

/**
 * A 2025-11-25 HTTP session the server forgot (HTTP 404 for its id, MCP 2025-11-25 Transports
 * §Session Management) is replaced by one new session, shared by every request and the GET stream
 * that found out. A request answered 404 is sent again once on the new session (server-slot.ts): each
 * failing request earns one renewal. The GET stream (or the session check) earns one only for a
 * session that served us: a request answered on it, or its GET stream opened. A server that forgets
 * every new session at once gets an error naming it, never a loop of sessions.
 */
export class SessionRenewal {
  readonly #host: RenewalHost;
  #renewing: { from: Connection; next: Promise<Connection> } | undefined;
  /** The connection a renewal made, until it served us (a request answered on it, or its GET stream opened). */
  #unproven: Connection | undefined;
  constructor(host: RenewalHost) {
    this.#host = host;
  }

  /** The running connection, undefined while none. */
  current(): Connection | undefined {
    return this.#host.current();
  }

  /** A request succeeded on `conn`: the server keeps that session, a later expiry of it may be renewed. */
  used(conn: Connection): void {
    if (this.#unproven === conn) this.#unproven = undefined;
  }

  /** A start reached ready on `conn`: made by a renewal, it has to serve us before the GET stream may renew it; a 404 told while it was starting counts now. */
  ready(conn: Connection): void {
    if (this.#renewing !== undefined) this.#unproven = conn;
    if (conn.sessionExpired()) this.expired(conn);
  }

  /** The GET stream (or a notification's POST, or the session check) was answered 404: renewed now, so updates keep coming. */
  expired(conn: Connection): void {
    // A connection still starting has its own listing to pass or fail (ready() looks again).
    if (this.#host.current() !== conn || this.#host.state.state !== 'ready') return;
    if (this.#unproven === conn && conn.streamOpened?.() !== true) {
      // Forgotten before it served anything: no request waits, nothing would stop a loop of sessions.
      this.#fail(conn, sessionGoneAgain(this.#host.name));
      return;
    }
    // A server that serves each session a moment only is no loop either: so many a minute, then its error.
    const now = this.#host.now();
    const times = this.#host.renewalTimes;
    const recent = times.filter((at) => now - at < STREAM_RENEWAL_WINDOW_MS);
    if (recent.length >= this.#host.timings().renewalsPerMinute) {
      this.#fail(conn, sessionsKeptForgotten(this.#host.name, recent.length, STREAM_RENEWAL_WINDOW_MS));
      return;
    }
    times.splice(0, times.length, ...recent, now);
    this.renew(conn).catch((error: unknown) => this.#host.log(redact(`[${this.#host.name}] ${errorMessage(error)}`)));
  }

  /** The connection to send a request again on (once: server-slot.ts), after `conn` was answered 404 for its session. */
  renew(conn: Connection): Promise<Connection> {
    const host = this.#host;
    if (this.#renewing?.from === conn) return this.#renewing.next;
    const current = host.current();
    // Renewed already (by the GET stream or another request): the request goes on the new one.
    if (current !== undefined && current !== conn) return Promise.resolve(current);
    host.log(`[${host.name}] the server no longer knows its session (HTTP 404): starting a new session`);
    if (current === conn) host.drop(conn);
    // The new connection is marked unproven by its start's ready(), before any request may run on it.
    const next = host.start().catch((error: unknown) => {
      const coded = toCodedError(error);
      if (coded.data?.['status'] !== 404) throw coded;
      const again = sessionGoneAgain(host.name);
      this.#fail(undefined, again);
      throw again;
    });
    const renewing = { from: conn, next };
    this.#renewing = renewing;
    void next.catch(() => undefined).finally(() => {
      if (this.#renewing === renewing) this.#renewing = undefined;
    });
    return next;
  }

  /** Shown on the server; a connection still running is dropped and nothing starts by itself. */
  #fail(conn: Connection | undefined, error: CodedError): void {
    if (conn !== undefined) this.#host.callFailed(conn, error);
    this.#host.state.note(error);
    this.#host.publish();
  }
}
