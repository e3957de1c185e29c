import { describe, expect, it } from 'vitest';
import { sessionTimings } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import type { Connection } from './connection';
import { DEFAULT_RESTART_POLICY } from './restart-policy';
import { MAX_STREAM_RENEWALS, SessionRenewal, STREAM_RENEWAL_WINDOW_MS } from './slot-session-renewal';
import { SlotState } from './slot-state';

/** A connection as the renewal sees it: whether a 404 was told for its session, and whether its GET stream opened. */
interface FakeConn {
  expired: boolean;
  opened: boolean;
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A slot as the renewal sees it: each start makes the next connection and reaches ready (or fails as told); `renewalTimes` as the pool keeps them for its name. */
function slot(startFails?: CodedError, renewalTimes: number[] = [], renewalsPerMinute?: number) {
  const made: Connection[] = [];
  const flags = new Map<Connection, FakeConn>();
  const fresh = (): Connection => {
    const f: FakeConn = { expired: false, opened: false };
    const conn = { sessionExpired: () => f.expired, streamOpened: () => f.opened } as unknown as Connection;
    flags.set(conn, f);
    return conn;
  };
  const state = new SlotState('memo', DEFAULT_RESTART_POLICY, 0);
  state.move('starting', 0);
  state.move('ready', 0);
  const slotView = { current: fresh() as Connection | undefined, starts: 0, dropped: 0, failed: [] as CodedError[], now: 0 };
  const renewal: SessionRenewal = new SessionRenewal({
    name: 'memo',
    state,
    current: () => slotView.current,
    drop: () => {
      slotView.dropped++;
      slotView.current = undefined;
    },
    callFailed: (_conn, error) => {
      slotView.failed.push(error);
      slotView.current = undefined;
    },
    start: async () => {
      slotView.starts++;
      await Promise.resolve();
      if (startFails) throw startFails;
      const conn = fresh();
      made.push(conn);
      slotView.current = conn;
      // As startSlot does once the listing is stored (slot-lifecycle.ts).
      renewal.ready(conn);
      return conn;
    },
    publish: () => undefined,
    log: () => undefined,
    now: () => slotView.now,
    timings: () => sessionTimings({ sessionRenewalsPerMinute: renewalsPerMinute }),
    renewalTimes,
  });
  /** The server answers 404 for `conn`'s session (as the fetch wrapper tells it, once). */
  const forget = (conn: Connection): void => {
    (flags.get(conn) as FakeConn).expired = true;
  };
  const streamOpened = (conn: Connection): void => {
    (flags.get(conn) as FakeConn).opened = true;
  };
  /** The GET stream of `conn` re-opened and answered 404. */
  const streamRefused = async (conn: Connection): Promise<void> => {
    forget(conn);
    renewal.expired(conn);
    await settle();
  };
  return { renewal, slotView, state, made, forget, streamOpened, streamRefused };
}

describe('SessionRenewal (one new session per forgotten one, MCP 2025-11-25 Transports §Session Management)', () => {
  it('requests and the GET stream that find out together share one new session', async () => {
    const { renewal, slotView } = slot();
    const old = slotView.current as Connection;
    const [a, b] = await Promise.all([renewal.renew(old), renewal.renew(old)]);
    expect(a).toBe(b);
    expect(slotView.starts).toBe(1);
    expect(slotView.dropped).toBe(1);
    // Found out later by another request: it goes on the new session, nothing more starts.
    expect(await renewal.renew(old)).toBe(a);
    expect(slotView.starts).toBe(1);
  });

  it('each failing request earns one renewal: a request answered 404 on a new session nobody used yet starts another', async () => {
    const { renewal, slotView } = slot();
    const renewed = await renewal.renew(slotView.current as Connection);
    const again = await renewal.renew(renewed);
    expect(again).not.toBe(renewed);
    expect(slotView.starts).toBe(2);
    expect(slotView.failed).toHaveLength(0);
  });

  it('a new session forgotten before it served anything (no request answered, its GET stream never opened): the GET stream renews nothing, an error names the server', async () => {
    const { renewal, slotView, state, streamRefused } = slot();
    await streamRefused(await renewal.renew(slotView.current as Connection));
    expect(slotView.starts).toBe(1);
    expect(slotView.failed).toHaveLength(1);
    expect(state.lastError?.message).toMatch(/"memo" answered HTTP 404 for the new session/);
  });

  it('a new session nobody used whose GET stream opened is renewed again when it expires later', async () => {
    const { renewal, slotView, streamOpened, streamRefused } = slot();
    const renewed = await renewal.renew(slotView.current as Connection);
    streamOpened(renewed);
    await streamRefused(renewed);
    expect(slotView.starts).toBe(2);
    expect(slotView.failed).toHaveLength(0);
    // The third one has to serve in its turn.
    await streamRefused(slotView.current as Connection);
    expect(slotView.starts).toBe(2);
    expect(slotView.failed).toHaveLength(1);
  });

  it('sessions that each served a moment only: the GET stream renews a bounded number within its window, then an error naming the server', async () => {
    const { slotView, state, streamOpened, streamRefused } = slot();
    const once = async (): Promise<void> => {
      const conn = slotView.current as Connection;
      streamOpened(conn);
      await streamRefused(conn);
    };
    for (let i = 0; i < MAX_STREAM_RENEWALS; i++) await once();
    expect(slotView.starts).toBe(MAX_STREAM_RENEWALS);
    await once();
    expect(slotView.starts).toBe(MAX_STREAM_RENEWALS);
    expect(state.lastError?.message).toMatch(/"memo" forgot 5 sessions within 60 s/);

    // Spread over more than the window, each is renewed.
    const spread = slot();
    for (let i = 0; i < MAX_STREAM_RENEWALS + 2; i++) {
      spread.slotView.now += STREAM_RENEWAL_WINDOW_MS / (MAX_STREAM_RENEWALS - 1);
      const conn = spread.slotView.current as Connection;
      spread.streamOpened(conn);
      await spread.streamRefused(conn);
    }
    expect(spread.slotView.starts).toBe(MAX_STREAM_RENEWALS + 2);
    expect(spread.slotView.failed).toHaveLength(0);
  });

  it('counts renewals by the server\'s name, not its slot: one made again within the minute (the entry removed and added) starts none past the limit', async () => {
    const times: number[] = [];
    const first = slot(undefined, times);
    for (let i = 0; i < MAX_STREAM_RENEWALS - 1; i++) {
      const conn = first.slotView.current as Connection;
      first.streamOpened(conn);
      await first.streamRefused(conn);
    }
    expect(first.slotView.starts).toBe(MAX_STREAM_RENEWALS - 1);
    const again = slot(undefined, times);
    for (let i = 0; i < 2; i++) {
      const conn = again.slotView.current as Connection;
      again.streamOpened(conn);
      await again.streamRefused(conn);
    }
    expect(again.slotView.starts).toBe(1);
    expect(again.state.lastError?.message).toMatch(/"memo" forgot 5 sessions within 60 s/);
  });

  it('follows settings.sessionRenewalsPerMinute', async () => {
    const { slotView, state, streamOpened, streamRefused } = slot(undefined, [], 2);
    for (let i = 0; i < 3; i++) {
      const conn = slotView.current as Connection;
      streamOpened(conn);
      await streamRefused(conn);
    }
    expect(slotView.starts).toBe(2);
    expect(state.lastError?.message).toMatch(/"memo" forgot 2 sessions within 60 s/);
  });

  it('once a request succeeded on the new session, the GET stream renews it again', async () => {
    const { renewal, slotView, streamRefused } = slot();
    const renewed = await renewal.renew(slotView.current as Connection);
    renewal.used(renewed);
    await streamRefused(renewed);
    expect(slotView.starts).toBe(2);
  });

  it('a 404 told while a start was under way is acted on when it reaches ready', async () => {
    const { renewal, slotView, forget } = slot();
    const first = slotView.current as Connection;
    forget(first);
    renewal.ready(first);
    await settle();
    expect(slotView.starts).toBe(1);
    expect(slotView.failed).toHaveLength(0);
  });

  it('a new session whose start is answered 404 is the same clear error; any other failure passes as it is', async () => {
    const refused = slot(new CodedError('server_unavailable', 'no such session', { data: { status: 404 } }));
    await expect(refused.renewal.renew(refused.slotView.current as Connection)).rejects.toThrow(/"memo".*new session/);
    const down = slot(new CodedError('server_unavailable', 'could not reach "memo"'));
    await expect(down.renewal.renew(down.slotView.current as Connection)).rejects.toThrow('could not reach "memo"');
  });

  it('the GET stream of a connection still starting, or no longer current, renews nothing', async () => {
    const { renewal, slotView, state } = slot();
    renewal.expired({ sessionExpired: () => true } as unknown as Connection);
    state.move('error', 0);
    renewal.expired(slotView.current as Connection);
    await settle();
    expect(slotView.starts).toBe(0);
  });
});
