// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LinkRequestOutcome, SignInOutcome } from '../api';
import { createFakeApi } from '../../test/support/renderer';
import { SignInNeeded } from './sign-in-needed';
import { WebRoot } from './web-root';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const BUTTON = "Show a new sign-in address in serve's terminal";

/** A serve that answers each request with the next outcome, counting the requests. */
function serveAnswering(...outcomes: LinkRequestOutcome[]) {
  const asked: number[] = [];
  const requestLink = () => {
    asked.push(asked.length + 1);
    return Promise.resolve(outcomes[asked.length - 1] ?? { lost: true as const });
  };
  return { asked, requestLink };
}

describe('the signed-out page', () => {
  it("names the idle limit serve wrote into the page, the default without it", () => {
    const rules = (idleMs?: number) => {
      render(<SignInNeeded signIn={{ state: 'none' }} requestLink={() => Promise.resolve({ shown: true })} {...(idleMs !== undefined ? { idleMs } : {})} />);
      const text = screen.getByRole('main').textContent;
      cleanup();
      return text;
    };
    expect(rules(2 * 60 * 60_000)).toContain('or goes 2 hours without use (Settings → Web UI sign-in changes that)');
    // No key of mcp.json on a page for people; how long an address works is said once the button printed one.
    expect(rules()).not.toMatch(/uiSessionIdleMs|within 10 minutes/);
    expect(rules()).toContain('or goes 30 minutes without use');
    const meta = document.createElement('meta');
    meta.name = 'connected-services-ui-session-idle-ms';
    meta.content = '300000';
    document.head.append(meta);
    try {
      expect(rules()).toContain('or goes 5 minutes without use');
      // Out of the setting's bounds: not believed.
      meta.content = '1000';
      expect(rules()).toContain('or goes 30 minutes without use');
    } finally {
      meta.remove();
    }
  });

  it('after a reload, has serve print a new address in its terminal and says where to look', async () => {
    const serve = serveAnswering({ shown: true }, { shown: true });
    render(<SignInNeeded signIn={{ state: 'none' }} reloaded requestLink={serve.requestLink} />);
    expect(screen.getByRole('main').textContent).toContain('Reloading signed this tab out');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(serve.asked).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: BUTTON }));
    const status = screen.getByRole('status');
    await screen.findByText('A new address is printed in the terminal where serve runs');
    expect(status.textContent).toContain('under “A new sign-in address”');
    expect(status.textContent).toContain("Copy it into this tab's address bar; it works once, within 10 minutes.");

    fireEvent.click(screen.getByRole('button', { name: BUTTON }));
    await screen.findByText('Another address is printed in the terminal where serve runs');
    expect(status.textContent).toContain('the one printed before it no longer works');
    expect(serve.asked).toEqual([1, 2]);
    // The command that does the same from any terminal is still named.
    expect(screen.getByRole('main').textContent).toContain('connected-services serve --ui-link');
  });

  it('says when to ask again, what serve refused, and when nothing answered', async () => {
    const refusal = { code: 'not_found' as const, message: 'This app shows its UI in its own window: it has no sign-in address' };
    const serve = serveAnswering({ tooSoon: { seconds: 8 } }, { refused: refusal }, { lost: true });
    render(<SignInNeeded signIn={{ state: 'none' }} requestLink={serve.requestLink} />);
    const button = screen.getByRole('button', { name: BUTTON });
    const status = screen.getByRole('status');

    fireEvent.click(button);
    await screen.findByText(/ask again in 8 s/);
    expect(status.textContent).toContain('A new address was asked for a moment ago: look in the terminal where serve runs');
    fireEvent.click(button);
    await screen.findByText(`${refusal.message}.`);
    expect(status.className).toContain('note-error');
    fireEvent.click(button);
    await screen.findByText(/The app did not answer/);
    expect(serve.asked).toEqual([1, 2, 3]);
  });

  it('offers the button on the page of a used address, and not while signing in or when the app is gone', () => {
    const serve = serveAnswering();
    const { rerender } = render(<SignInNeeded signIn={{ state: 'refused', error: { code: 'denied', message: 'This sign-in address was already used' } }} requestLink={serve.requestLink} />);
    expect(screen.getByRole('heading', { name: 'This sign-in address no longer works' })).toBeTruthy();
    expect(screen.getByRole('button', { name: BUTTON })).toBeTruthy();
    rerender(<SignInNeeded signIn={{ state: 'waiting' }} requestLink={serve.requestLink} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<SignInNeeded signIn={{ state: 'lost' }} requestLink={serve.requestLink} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('signs the tab in when the address from the terminal is pasted in, without a reload', async () => {
    const serve = serveAnswering({ shown: true });
    const exchange = (link: string): Promise<SignInOutcome> => Promise.resolve({ session: `s-${link}` });
    const connect = () => createFakeApi();
    render(<WebRoot link={undefined} reloaded connect={connect} exchange={exchange} requestLink={serve.requestLink} />);
    fireEvent.click(screen.getByRole('button', { name: BUTTON }));
    await screen.findByText('A new address is printed in the terminal where serve runs');
    window.location.hash = '#token=from-the-terminal';
    await screen.findByRole('heading', { level: 1, name: 'Services' });
    expect(window.location.hash).toBe('');
  });
});
