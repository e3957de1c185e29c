import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import type { Connection } from './connection';
import { DEFAULT_RESTART_POLICY } from './restart-policy';
import { SessionRenewal } from './slot-session-renewal';
import { SlotState } from './slot-state';

/** A slot as the renewal sees it: connections are plain tokens, each start makes the next (or fails as told). */
function slot(startFails?: CodedError) {
  const made: Connection[] = [];
  const fresh = (): Connection => ({ sessionExpired: () => false }) as unknown as Connection;
  const state = new SlotState('memo', DEFAULT_RESTART_POLICY, 0);
  state.move('starting', 0);
  state.move('ready', 0);
  const slotView = { current: fresh() as Connection | undefined, starts: 0, dropped: 0, failed: [] as CodedError[] };
  const renewal = new SessionRenewal({
    name: 'memo',
    state,
    current: () => slotView.current,
    drop: () => {
      slotView.dropped++;
      slotView.current = undefined;
    },
    callFailed: (_conn, error) => void slotView.failed.push(error),
    start: async () => {
      slotView.starts++;
      await Promise.resolve();
      if (startFails) throw startFails;
      const conn = fresh();
      made.push(conn);
      slotView.current = conn;
      return conn;
    },
    publish: () => undefined,
    log: () => undefined,
  });
  return { renewal, slotView, state, made };
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

  it('a new session forgotten before any request succeeded on it starts no third: an error naming the server', async () => {
    const { renewal, slotView, state } = slot();
    const renewed = await renewal.renew(slotView.current as Connection);
    await expect(renewal.renew(renewed)).rejects.toThrow(/"memo" answered HTTP 404 for the new session/);
    expect(slotView.starts).toBe(1);
    expect(slotView.failed).toHaveLength(1);
    expect(state.lastError?.message).toContain('"memo"');
  });

  it('once a request succeeded on the new session, its own expiry later is renewed again', async () => {
    const { renewal, slotView } = slot();
    const renewed = await renewal.renew(slotView.current as Connection);
    renewal.used(renewed);
    await renewal.renew(renewed);
    expect(slotView.starts).toBe(2);
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
    await Promise.resolve();
    expect(slotView.starts).toBe(0);
  });
});
