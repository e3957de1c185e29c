import { newSessionSecret, sameSecret } from '../net';

/**
 * How long a printed sign-in address works. The browser writes the address it opens, fragment
 * included, to its profile (history, session restore) before the page can clear it, so the link
 * must be dead by the time anyone reads it there: once used, or after this.
 */
export const SIGN_IN_LINK_TTL_MS = 10 * 60_000;
/** Tabs signed in at once; past it, the oldest is signed out (each tab makes one on load). */
export const MAX_UI_SESSIONS = 32;

export interface UiSignInOptions {
  /** The first link's secret; generated when absent. */
  first?: string;
  now?: () => number;
}

/**
 * The web UI's credentials. A printed link holds a one-time secret that the page exchanges for a
 * session secret of its own; only a session secret is the person's power. At most one link is
 * outstanding: a new one ends the unused old one.
 */
export class UiSignIn {
  private link: { secret: string; expires: number } | undefined;
  private readonly sessions: string[] = [];
  private readonly now: () => number;

  constructor(options: UiSignInOptions = {}) {
    this.now = options.now ?? Date.now;
    this.link = { secret: options.first ?? newSessionSecret(), expires: this.now() + SIGN_IN_LINK_TTL_MS };
  }

  /** The secret of the link printed at start (for the ready line). */
  get firstSecret(): string {
    return this.link?.secret ?? '';
  }

  /** A fresh link secret, replacing any unused one. */
  issue(): string {
    const secret = newSessionSecret();
    this.link = { secret, expires: this.now() + SIGN_IN_LINK_TTL_MS };
    return secret;
  }

  /** Whether `presented` is the live, unused link (nothing is consumed). */
  isLink(presented: string): boolean {
    const link = this.link;
    if (link === undefined) return false;
    return sameSecret(presented, link.secret) && this.now() < link.expires;
  }

  /** Trades the live link for a new session secret, once; undefined for anything else. */
  exchange(presented: string): string | undefined {
    if (!this.isLink(presented)) return undefined;
    this.link = undefined;
    const session = newSessionSecret();
    this.sessions.push(session);
    if (this.sessions.length > MAX_UI_SESSIONS) this.sessions.shift();
    return session;
  }

  /** Every session is compared, so the time taken says nothing about which one matched. */
  isSession(presented: string): boolean {
    let found = false;
    for (const session of this.sessions) found = sameSecret(presented, session) || found;
    return found;
  }
}
