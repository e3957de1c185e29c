// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OnConnection, SignInOutcome } from '../api';
import { createFakeApi } from '../../test/support/renderer';
import { WebRoot } from './web-root';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const exchange = (link: string): Promise<SignInOutcome> => Promise.resolve({ session: `s-${link}` });

/** One fake client, remembering how it was told of an idle end, whether it closed, and whether it signed out. */
function fakeConnect() {
  const seen = { idle: (_message: string) => undefined as void, closed: false, signedOut: 0 };
  const connect = (_token: string, _report: OnConnection, onIdle: (message: string) => void) => {
    seen.idle = onIdle;
    return Object.assign(createFakeApi(), {
      close: () => (seen.closed = true),
      signOut: () => ((seen.signedOut += 1), Promise.resolve()),
    });
  };
  return { seen, connect };
}

describe('the end of a web session', () => {
  it('shows the sign-in screen with why when the session ended for want of use, not an error', async () => {
    window.history.replaceState(null, '', '/#/');
    const net = fakeConnect();
    render(<WebRoot link="a" connect={net.connect} exchange={exchange} />);
    await screen.findByRole('button', { name: 'Sign out' });
    act(() => net.seen.idle('This tab was signed out after 30 minutes without use'));
    await screen.findByRole('heading', { level: 1, name: 'This tab is signed out' });
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('This tab was signed out after 30 minutes without use: sign in again with a new address.');
    within(main).getByRole('button', { name: "Show a new sign-in address in serve's terminal" });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(net.seen.closed).toBe(true);
  });

  it('signs out from the header: the server is told, the client closed, and the tab says so', async () => {
    window.history.replaceState(null, '', '/#/');
    const net = fakeConnect();
    render(<WebRoot link="a" connect={net.connect} exchange={exchange} />);
    const button = await screen.findByRole('button', { name: 'Sign out' });
    expect(button.closest('header')?.className).toBe('app-header');
    fireEvent.click(button);
    await screen.findByRole('heading', { level: 1, name: 'This tab is signed out' });
    expect(screen.getByRole('main').textContent).toContain('You signed out');
    expect(net.seen).toMatchObject({ closed: true, signedOut: 1 });
  });
});
