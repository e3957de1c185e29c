// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { ClockContext, createLiveState, LiveContext } from '../../state';
import { createFakeApi, createFakeClock, serverStatus, type FakeClock } from '../../../test/support/renderer';
import { ServerRow } from './server-row';

afterEach(cleanup);

const START = 1_800_000_000_000;

/** A clock that counts the timers the rows ask for. */
function countingClock(): FakeClock & { timers: number[] } {
  const clock = createFakeClock(START);
  const timers: number[] = [];
  return {
    ...clock,
    timers,
    every(ms, tick) {
      timers.push(ms);
      return clock.every(ms, tick);
    },
  };
}

const list = (statuses: ServerStatus[]) =>
  statuses.map((status) => <ServerRow key={status.name} row={{ status, entry: undefined, auth: 'none', badge: 'ready', haystack: status.name }} onApprove={() => undefined} />);

/** Renders the rows; answers how many times the still ones were rendered again. */
function rows(still: ServerStatus[], expiring: ServerStatus[], clock: FakeClock): () => number {
  let stillRenders = 0;
  render(
    <LiveContext.Provider value={createLiveState(createFakeApi())}>
      <ClockContext.Provider value={clock}>
        <Profiler id="still" onRender={() => (stillRenders += 1)}>
          <ul>{list(still)}</ul>
        </Profiler>
        <ul>{list(expiring)}</ul>
      </ClockContext.Provider>
    </LiveContext.Provider>,
  );
  const first = stillRenders;
  return () => stillRenders - first;
}

describe('a server row’s clock', () => {
  it('ticks only for the row whose token is about to expire; rows with nothing that expires keep still', () => {
    const clock = countingClock();
    const still = Array.from({ length: 50 }, (_, i) => serverStatus({ name: `still-${i}`, state: 'ready' }));
    const expiring = serverStatus({ name: 'soon', transport: 'http', url: 'https://example.com/mcp', approval: 'not_needed', auth: { connected: true, expiresAt: START + 30_000 } });
    const stillRendered = rows(still, [expiring], clock);

    // One timer in all, every second, for the one row under a minute from expiry (the list used to tick whole).
    expect(clock.timers).toEqual([1_000]);
    const soon = within(screen.getByRole('listitem', { name: 'soon' }));
    expect(soon.getByText(/token expires in 30 s/)).toBeTruthy();
    act(() => clock.advance(1_000));
    expect(soon.getByText(/token expires in 29 s/)).toBeTruthy();
    act(() => clock.advance(10_000));
    expect(soon.getByText(/token expires in 19 s/)).toBeTruthy();
    expect(stillRendered()).toBe(0);
  });

  it('says a held refresh token renews the token once it runs out, and offers no sign-in for it', () => {
    const clock = createFakeClock(START);
    const auth = { connected: true, kind: 'oauth' as const, expiresAt: START + 5_000, refreshable: true };
    const renews = serverStatus({ name: 'renews', transport: 'http', url: 'https://example.com/mcp', approval: 'not_needed', state: 'idle', inventoryUpdatedAt: START - 60_000, auth });
    const ended = serverStatus({ name: 'ended', transport: 'http', url: 'https://example.com/mcp', approval: 'not_needed', state: 'idle', inventoryUpdatedAt: START - 60_000, auth: { ...auth, refreshable: false } });
    rows([], [renews, ended], clock);
    act(() => clock.advance(65_000));
    const row = within(screen.getByRole('listitem', { name: 'renews' }));
    expect(row.getByText(/token renews on next use/)).toBeTruthy();
    expect(row.queryByText(/token expired/)).toBeNull();
    expect(row.queryByRole('button', { name: /Sign in/ })).toBeNull();
    // Without a refresh token the sign-in has ended: the row says so and offers it.
    const gone = within(screen.getByRole('listitem', { name: 'ended' }));
    expect(gone.getByText(/token expired 1 min ago/)).toBeTruthy();
    expect(gone.getByRole('button', { name: 'Sign in again to ended' })).toBeTruthy();
  });
});
