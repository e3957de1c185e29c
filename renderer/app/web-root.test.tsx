// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OnConnection, SignInOutcome } from '../api';
import { createFakeApi, serverStatus, type FakeApi } from '../../test/support/renderer';
import { WebRoot } from './web-root';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** A fake sign-in: each link works once, for the session `s-<link>`; a link named `used…` is refused. */
function fakeExchange() {
  const traded: string[] = [];
  const exchange = (link: string): Promise<SignInOutcome> => {
    const again = traded.includes(link);
    traded.push(link);
    if (again || link.startsWith('used')) return Promise.resolve({ refused: { code: 'denied', message: 'This sign-in address was already used', hint: 'x' } });
    return Promise.resolve({ session: `s-${link}` });
  };
  return { traded, exchange };
}

interface Opened {
  token: string;
  api: FakeApi;
  report: OnConnection;
  closed: boolean;
}

/** A fake client per secret, each listing one server named after its secret. */
function fakeConnect() {
  const opened: Opened[] = [];
  const connect = (token: string, report: OnConnection) => {
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: `svc-${token}`, toolCount: 1 })] }),
    });
    const entry: Opened = { token, api, report, closed: false };
    opened.push(entry);
    return Object.assign(api, { close: () => (entry.closed = true) });
  };
  const last = () => {
    const entry = opened.at(-1);
    if (!entry) throw new Error('no client opened');
    return entry;
  };
  return { opened, connect, last };
}

const row = (name: string) => screen.getByRole('listitem', { name });

describe('web mode follows its address', () => {
  it('takes a #token= pasted into the open tab at once: new client, data reloaded, address cleaned, old stream closed', async () => {
    window.history.replaceState(null, '', '/#/');
    const net = fakeConnect();
    const signIn = fakeExchange();
    render(<WebRoot link="old" connect={net.connect} exchange={signIn.exchange} />);
    await screen.findByRole('link', { name: 'svc-s-old' });

    window.location.hash = '#token=new-secret';
    await screen.findByRole('link', { name: 'svc-s-new-secret' });

    expect(signIn.traded).toEqual(['old', 'new-secret']);
    expect(net.opened.map((o) => o.token)).toEqual(['s-old', 's-new-secret']);
    expect(net.opened[0]?.closed).toBe(true);
    expect(net.last().api.callsOf('status')).toHaveLength(1);
    expect(window.location.hash).toBe('');
    // Nothing of either secret is kept where the browser writes to disk.
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.length).toBe(0);
    expect(screen.queryByText('Nothing here')).toBeNull();
    // The old client's late news no longer moves the banner.
    act(() => net.opened[0]?.report('lost'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the app when the address arrives in a tab that never had it', async () => {
    const net = fakeConnect();
    render(<WebRoot link={undefined} connect={net.connect} exchange={fakeExchange().exchange} />);
    expect(screen.getByRole('heading', { name: 'Open the address that serve printed' })).toBeTruthy();
    window.location.hash = '#token=first';
    await screen.findByRole('link', { name: 'svc-s-first' });
  });

  it('says what to do when the link was used, and keeps a working session when a used link is pasted', async () => {
    const net = fakeConnect();
    const signIn = fakeExchange();
    render(<WebRoot link="used-in-history" connect={net.connect} exchange={signIn.exchange} />);
    await screen.findByRole('heading', { name: 'This sign-in address no longer works' });
    expect(screen.getByRole('main').textContent).toContain('connected-services serve --ui-link');
    expect(net.opened).toEqual([]);

    window.location.hash = '#token=fresh';
    await screen.findByRole('link', { name: 'svc-s-fresh' });
    window.location.hash = '#token=fresh';
    await waitFor(() => expect(signIn.traded).toEqual(['used-in-history', 'fresh', 'fresh']));
    expect(net.opened.map((o) => o.token)).toEqual(['s-fresh']);
    expect(net.opened[0]?.closed).toBe(false);
    expect(screen.getByRole('link', { name: 'svc-s-fresh' })).toBeTruthy();
  });

  it('says a reload signed the tab out, and how to get a new address', () => {
    render(<WebRoot link={undefined} reloaded connect={fakeConnect().connect} exchange={fakeExchange().exchange} />);
    expect(screen.getByRole('main').textContent).toContain('Reloading signed this tab out');
    expect(screen.getByRole('main').textContent).toContain('connected-services serve --ui-link');
  });

  it('shows the app stopped or the address out of date, with states unknown and buttons disabled, and reloads when back', async () => {
    const net = fakeConnect();
    let asked = 0;
    const requestLink = () => {
      asked += 1;
      return Promise.resolve({ shown: true as const });
    };
    render(<WebRoot link="t1" connect={net.connect} exchange={fakeExchange().exchange} requestLink={requestLink} />);
    await screen.findByRole('link', { name: 'svc-s-t1' });
    const { api, report } = net.last();
    expect(within(row('svc-s-t1')).getByText('ready')).toBeTruthy();
    const buttons = () => within(row('svc-s-t1')).getAllByRole<HTMLButtonElement>('button');
    expect(buttons().some((b) => !b.matches(':disabled'))).toBe(true);

    act(() => report('lost'));
    expect(screen.getByRole('alert').textContent).toContain('The app stopped — start it again, then open the address it prints');
    expect(within(row('svc-s-t1')).getByText('unknown')).toBeTruthy();
    expect(within(row('svc-s-t1')).queryByText('ready')).toBeNull();
    expect(buttons().every((b) => b.matches(':disabled'))).toBe(true);

    act(() => report('rejected'));
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain('This tab is signed out: the app was started again. Have serve print a new address in its terminal (or run connected-services serve --ui-link in any terminal), then paste it into this tab (no reload needed).');
    // The signed-out page's button, here too: it works while every other button waits for the core.
    const ask = within(banner).getByRole<HTMLButtonElement>('button', { name: "Show a new sign-in address in serve's terminal" });
    expect(ask.matches(':disabled')).toBe(false);
    act(() => ask.click());
    await within(banner).findByText('A new address is printed in the terminal where serve runs');
    expect(asked).toBe(1);

    act(() => report('live'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(row('svc-s-t1')).getByText('ready')).toBeTruthy();
    expect(buttons().some((b) => !b.matches(':disabled'))).toBe(true);
    await waitFor(() => expect(api.callsOf('status')).toHaveLength(2));
  });
});
