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
  private readonly sessions: string[] = [];
  private readonly now: () => number;

  constructor(options: UiSignInOptions = {}) {
    this.now = options.now ?? Date.now;
    this.links.set('printed', { secret: options.first ?? newSessionSecret(), expires: this.now() + SIGN_IN_LINK_TTL_MS });
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
    this.sessions.push(session);
    if (this.sessions.length > MAX_UI_SESSIONS) this.sessions.shift();
    return session;
  }

  /** Every link is compared, so the time taken says nothing about which one matched. */
  #matching(presented: string): LinkSource | undefined {
    let found: LinkSource | undefined;
    for (const [source, link] of this.links) if (sameSecret(presented, link.secret) && this.now() < link.expires) found = source;
    return found;
  }

  /** Every session is compared, so the time taken says nothing about which one matched. */
  isSession(presented: string): boolean {
    let found = false;
    for (const session of this.sessions) found = sameSecret(presented, session) || found;
    return found;
  }
}
