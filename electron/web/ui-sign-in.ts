import { UI_SESSION_IDLE } from '../../shared/config';
import { newSessionSecret, sameSecret } from '../net';

/**
 * How long a printed sign-in address works. The browser writes the address it opens, fragment
 * included, to its profile (history, session restore) before the page can clear it, so the link
 * must be dead by the time anyone reads it there: once used, or after this.
 */
export const SIGN_IN_LINK_TTL_MS = 10 * 60_000;
/** Tabs signed in at once; past it, the oldest is signed out (each tab makes one on load). */
export const MAX_UI_SESSIONS = 32;
/**
 * A tab's session ends after this long without a call: a tab left open on an unattended screen
 * stops being the person's power. The event stream is no call: it only listens. `settings.uiSessionIdleMs` sets it.
 */
export const SESSION_IDLE_MS = UI_SESSION_IDLE.default;

export interface UiSignInOptions {
  /** The first link's secret; generated when absent. */
  first?: string;
  now?: () => number;
  /**
   * Default SESSION_IDLE_MS. A function is asked at each idle check, so a changed
   * `settings.uiSessionIdleMs` applies at once; its undefined is the default.
   */
  idleMs?: number | (() => number | undefined);
  /** Told of each session that ends (signed out, idle, or past the cap), so what it holds open can close. */
  onEnded?: (session: string) => void;
}

/** What a presented session secret is: live, ended for want of use (the tab is told why), or unknown. */
export type SessionState = 'live' | 'idle' | 'unknown';

/**
 * Who a link was made for: `printed` at start, `command` for the command line (`serve --ui-link`,
 * whose credential any local process can read), `page` for a signed-out page's request, which any
 * local process can make without a credential.
 */
export type LinkSource = 'printed' | 'command' | 'page';

/**
 * The web UI's credentials. A printed link holds a one-time secret that the page exchanges for a
 * session secret of its own; only a session secret is the person's power. At most one link per
 * source is outstanding: a new one ends the unused old one of its source only, so a process asking
 * as a page or with the command line's credential cannot end the link serve printed.
 */
export class UiSignIn {
  private readonly links = new Map<LinkSource, { secret: string; expires: number }>();
  private readonly sessions: Array<{ secret: string; used: number }> = [];
  /** Sessions ended for want of use, remembered (as many as MAX_UI_SESSIONS) so their tab hears why. */
  private readonly idled: string[] = [];
  private readonly now: () => number;
  private readonly onEnded: (session: string) => void;
  readonly #idleMs: () => number | undefined;

  constructor(options: UiSignInOptions = {}) {
    this.now = options.now ?? Date.now;
    const idleMs = options.idleMs;
    this.#idleMs = typeof idleMs === 'function' ? idleMs : () => idleMs;
    this.onEnded = options.onEnded ?? (() => undefined);
    this.links.set('printed', { secret: options.first ?? newSessionSecret(), expires: this.now() + SIGN_IN_LINK_TTL_MS });
  }

  /** How long a session lasts without a call, as now set. */
  get idleMs(): number {
    return this.#idleMs() ?? SESSION_IDLE_MS;
  }

  /** The secret of the link printed at start (for the ready line). */
  get firstSecret(): string {
    return this.links.get('printed')?.secret ?? '';
  }

  /** A fresh link secret for `source`, replacing that source's unused one. */
  issue(source: LinkSource = 'printed'): string {
    const secret = newSessionSecret();
    this.links.set(source, { secret, expires: this.now() + SIGN_IN_LINK_TTL_MS });
    return secret;
  }

  /** Whether `presented` is a live, unused link (nothing is consumed). */
  isLink(presented: string): boolean {
    return this.#matching(presented) !== undefined;
  }

  /** Trades a live link for a new session secret, once; undefined for anything else. */
  exchange(presented: string): string | undefined {
    const source = this.#matching(presented);
    if (source === undefined) return undefined;
    this.links.delete(source);
    const session = newSessionSecret();
    this.sessions.push({ secret: session, used: this.now() });
    if (this.sessions.length > MAX_UI_SESSIONS) this.onEnded(this.sessions.shift()?.secret ?? '');
    return session;
  }

  /** Every link is compared, so the time taken says nothing about which one matched. */
  #matching(presented: string): LinkSource | undefined {
    let found: LinkSource | undefined;
    for (const [source, link] of this.links) if (sameSecret(presented, link.secret) && this.now() < link.expires) found = source;
    return found;
  }

  /** Whether `presented` is a live session (a call: it counts as use, and keeps the session live). */
  isSession(presented: string): boolean {
    return this.sessionState(presented) === 'live';
  }

  /**
   * What `presented` is; a live session's idle time starts again (`touch`, a call) or not (the
   * event stream). Every secret is compared, so the time taken says nothing about which one matched.
   */
  sessionState(presented: string, touch = true): SessionState {
    this.expire();
    let found: { secret: string; used: number } | undefined;
    for (const session of this.sessions) if (sameSecret(presented, session.secret)) found = session;
    let idled = false;
    for (const secret of this.idled) idled = sameSecret(presented, secret) || idled;
    if (found) {
      if (touch) found.used = this.now();
      return 'live';
    }
    return idled ? 'idle' : 'unknown';
  }

  /** Ends the session `presented` (the tab signs out); false when it was no live session. */
  end(presented: string): boolean {
    let ended = false;
    for (let i = this.sessions.length - 1; i >= 0; i -= 1) {
      const session = this.sessions[i];
      if (session === undefined || !sameSecret(presented, session.secret)) continue;
      this.sessions.splice(i, 1);
      this.onEnded(session.secret);
      ended = true;
    }
    return ended;
  }

  /** Ends the sessions idle for too long (also done before each check; serve sweeps now and then, for open streams). */
  expire(): void {
    const now = this.now();
    const idleMs = this.idleMs;
    for (let i = this.sessions.length - 1; i >= 0; i -= 1) {
      const session = this.sessions[i];
      if (session === undefined || now - session.used < idleMs) continue;
      this.sessions.splice(i, 1);
      this.idled.push(session.secret);
      if (this.idled.length > MAX_UI_SESSIONS) this.idled.shift();
      this.onEnded(session.secret);
    }
  }
}
