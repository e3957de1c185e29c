import { describe, expect, it } from 'vitest';
import { MAX_UI_SESSIONS, SIGN_IN_LINK_TTL_MS, UiSignIn } from './ui-sign-in';

describe('the web UI sign-in', () => {
  it('trades the printed link once for a session secret; the link itself is never a session', () => {
    const signIn = new UiSignIn({ first: 'printed-link' });
    expect(signIn.isSession('printed-link')).toBe(false);
    const session = signIn.exchange('printed-link');
    expect(session).toMatch(/^[\w-]{43}$/);
    expect(signIn.isSession(session ?? '')).toBe(true);
    expect(signIn.exchange('printed-link')).toBeUndefined();
    expect(signIn.isLink('printed-link')).toBe(false);
  });

  it('refuses a link past its ten minutes, and a wrong one', () => {
    let now = 1_000;
    const signIn = new UiSignIn({ first: 'printed-link', now: () => now });
    expect(signIn.exchange('other')).toBeUndefined();
    now += SIGN_IN_LINK_TTL_MS - 1;
    expect(signIn.isLink('printed-link')).toBe(true);
    now += 1;
    expect(signIn.exchange('printed-link')).toBeUndefined();
    expect(SIGN_IN_LINK_TTL_MS).toBe(10 * 60_000);
  });

  it('keeps one link at a time: a new one ends the unused old one, and lives ten minutes from its own start', () => {
    let now = 0;
    const signIn = new UiSignIn({ first: 'printed-link', now: () => now });
    now = SIGN_IN_LINK_TTL_MS - 1;
    const fresh = signIn.issue();
    expect(fresh).not.toBe('printed-link');
    expect(signIn.exchange('printed-link')).toBeUndefined();
    now += SIGN_IN_LINK_TTL_MS - 1;
    expect(signIn.exchange(fresh)).toBeDefined();
  });

  it("keeps one link per source: a page's or the command line's request, which any local process can make, never ends another source's link", () => {
    const signIn = new UiSignIn({ first: 'printed-link' });
    const asked = [signIn.issue('page'), signIn.issue('page'), signIn.issue('page')];
    expect(signIn.isLink('printed-link')).toBe(true);
    expect(asked.slice(0, 2).some((link) => signIn.isLink(link))).toBe(false);
    const cli = signIn.issue('command');
    signIn.issue('page');
    expect(signIn.exchange(cli)).toBeDefined();
    expect(signIn.exchange(cli)).toBeUndefined();
    // Nor does the command line's, whose credential any local process can read.
    signIn.issue('command');
    expect(signIn.isLink('printed-link')).toBe(true);
  });

  it('keeps every tab signed in up to its cap, then signs the oldest out', () => {
    const signIn = new UiSignIn();
    const sessions = Array.from({ length: MAX_UI_SESSIONS + 1 }, () => signIn.exchange(signIn.issue()) ?? '');
    expect(new Set(sessions).size).toBe(MAX_UI_SESSIONS + 1);
    expect(signIn.isSession(sessions[0] ?? '')).toBe(false);
    expect(sessions.slice(1).every((s) => signIn.isSession(s))).toBe(true);
  });
});
