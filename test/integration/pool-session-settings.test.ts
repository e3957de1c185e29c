import { afterEach, describe, expect, it } from 'vitest';
import { defaultSetTimer, type SetTimer } from '../../electron/pool/idle-timer';
import { SESSION_CHECK_MS } from '../../electron/pool/session-check';
import { startSessionExpiryServer } from '../fixtures/servers/session-expiry-server';
import { startBridge } from '../support/bridge-harness';
import { streamCountingFetch } from '../support/stream-counting-fetch';
import { waitFor } from '../support/server-harness';

/** `settings.sessionCheckMs` reaches the pool's real check of a quiet session, and applies without a restart. */
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const SET = 7_777;

/** The check's timers (the default period or the one set), held for the test to fire; every other timer runs as ever. */
function checkTimers(): { setTimer: SetTimer; armed: () => number[]; fire: () => void } {
  const pending = new Map<() => void, number>();
  const setTimer: SetTimer = (run, ms) => {
    if (ms !== SESSION_CHECK_MS && ms !== SET) return defaultSetTimer(run, ms);
    pending.set(run, ms);
    return () => void pending.delete(run);
  };
  const fire = (): void => {
    const due = [...pending.keys()];
    pending.clear();
    for (const run of due) run();
  };
  return { setTimer, armed: () => [...pending.values()], fire };
}

describe('the session settings of the pool', () => {
  it('checks a quiet session at settings.sessionCheckMs, takes a change at once, and none at 0', async () => {
    const s = await startSessionExpiryServer();
    closers.push(() => s.close());
    const timers = checkTimers();
    const { fetch: seeing, streams } = streamCountingFetch();
    const h = await startBridge({}, {}, { setTimer: timers.setTimer, httpFetch: () => seeing });
    closers.unshift(() => h.close());
    const servers = { memo: { type: 'http' as const, url: s.url } };
    await h.pool.apply({ mcpServers: servers, settings: { sessionCheckMs: SET } });
    await h.pool.start('memo');
    await waitFor('the GET stream open', () => streams() === 1);
    expect(timers.armed()).toEqual([SET]);

    s.expireQuietly();
    await waitFor('a new session after the check', () => {
      timers.fire();
      return s.initializes === 2 && h.pool.status('memo').state === 'ready';
    }, 30_000);
    expect(s.methods).toContain('ping');
    await waitFor('the new session watched at the period set', () => timers.armed().length === 1);
    expect(timers.armed()).toEqual([SET]);

    // Back to the default, then off: the running check follows without a restart.
    await h.pool.apply({ mcpServers: servers });
    expect(timers.armed()).toEqual([SESSION_CHECK_MS]);
    await h.pool.apply({ mcpServers: servers, settings: { sessionCheckMs: 0 } });
    expect(timers.armed()).toEqual([]);
    expect(s.initializes).toBe(2);
  }, 60_000);

  it('counts new sessions by the server\'s name up to settings.sessionRenewalsPerMinute, across the entry removed and added again', async () => {
    const s = await startSessionExpiryServer();
    closers.push(() => s.close());
    const { fetch: seeing, streams } = streamCountingFetch();
    const h = await startBridge({}, {}, { httpFetch: () => seeing });
    closers.unshift(() => h.close());
    // Ready once its listing is done: a session forgotten before that is one the server forgot at once.
    const ready = (): boolean => h.pool.status('memo').state === 'ready';
    const config = { mcpServers: { memo: { type: 'http' as const, url: s.url } }, settings: { sessionRenewalsPerMinute: 2 } };
    await h.pool.apply(config);
    await h.pool.start('memo');
    await waitFor('the GET stream open', () => streams() === 1);
    // The forgotten session's GET stream ends, its re-open is answered 404: a new session (one of two).
    await s.expire();
    await waitFor('the second session, its stream open', () => s.initializes === 2 && streams() === 2 && ready(), 30_000);

    // Removed and added again within the minute: a new slot, the same name, the same count.
    await h.pool.apply({ mcpServers: {}, settings: config.settings });
    await h.pool.apply(config);
    await h.pool.start('memo');
    await waitFor('the third session, its stream open', () => s.initializes === 3 && streams() === 3 && ready(), 30_000);
    await s.expire();
    await waitFor('the fourth session (two of two), its stream open', () => s.initializes === 4 && streams() === 4 && ready(), 30_000);
    // It served a request: forgotten now, it is renewed unless the count says no.
    await h.pool.callTool('memo', 'echo', { text: 'served' });
    await s.expire();
    await waitFor('the server in error', () => h.pool.status('memo').state === 'error', 30_000);
    expect(h.pool.status('memo').lastError?.message).toMatch(/"memo" forgot 2 sessions within 60 s/);
    expect(s.initializes).toBe(4);
  }, 60_000);
});
