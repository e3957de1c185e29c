// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OnConnection } from '../api';
import { createFakeApi, serverStatus, type FakeApi } from '../../test/support/renderer';
import { WebRoot } from './web-root';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

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
    render(<WebRoot token="old" connect={net.connect} />);
    await screen.findByRole('link', { name: 'svc-old' });

    window.location.hash = '#token=new-secret';
    await screen.findByRole('link', { name: 'svc-new-secret' });

    expect(net.opened.map((o) => o.token)).toEqual(['old', 'new-secret']);
    expect(net.opened[0]?.closed).toBe(true);
    expect(net.last().api.callsOf('status')).toHaveLength(1);
    expect(window.location.hash).toBe('');
    expect(window.sessionStorage.getItem('connected-services.session')).toBe('new-secret');
    expect(screen.queryByText('Nothing here')).toBeNull();
    // The old client's late news no longer moves the banner.
    act(() => net.opened[0]?.report('lost'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the app when the address arrives in a tab that never had it', async () => {
    const net = fakeConnect();
    render(<WebRoot token={undefined} connect={net.connect} />);
    expect(screen.getByRole('heading', { name: 'Open the address that serve printed' })).toBeTruthy();
    window.location.hash = '#token=first';
    await screen.findByRole('link', { name: 'svc-first' });
  });

  it('shows the app stopped or the address out of date, with states unknown and buttons disabled, and reloads when back', async () => {
    const net = fakeConnect();
    render(<WebRoot token="t1" connect={net.connect} />);
    await screen.findByRole('link', { name: 'svc-t1' });
    const { api, report } = net.last();
    expect(within(row('svc-t1')).getByText('ready')).toBeTruthy();
    const buttons = () => within(row('svc-t1')).getAllByRole<HTMLButtonElement>('button');
    expect(buttons().some((b) => !b.matches(':disabled'))).toBe(true);

    act(() => report('lost'));
    expect(screen.getByRole('alert').textContent).toContain('The app stopped — start it again, then open the address it prints');
    expect(within(row('svc-t1')).getByText('unknown')).toBeTruthy();
    expect(within(row('svc-t1')).queryByText('ready')).toBeNull();
    expect(buttons().every((b) => b.matches(':disabled'))).toBe(true);

    act(() => report('rejected'));
    expect(screen.getByRole('alert').textContent).toContain('This address is out of date: open the one serve printed');

    act(() => report('live'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(row('svc-t1')).getByText('ready')).toBeTruthy();
    expect(buttons().some((b) => !b.matches(':disabled'))).toBe(true);
    await waitFor(() => expect(api.callsOf('status')).toHaveLength(2));
  });
});
