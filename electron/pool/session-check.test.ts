import { describe, expect, it } from 'vitest';
import { sessionTimings, type SessionTimings } from '../../shared/config';
import type { Connection } from './connection';
import { SESSION_CHECK_MS, SESSION_CHECK_TIMEOUT_MS, SessionCheck } from './session-check';

/** Timers the test fires itself: no time decides anything. */
function timers() {
  const pending: { run: () => void; ms: number }[] = [];
  return {
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms };
      pending.push(timer);
      return () => void pending.splice(pending.indexOf(timer), 1);
    },
    pending,
    /** Fires the one pending timer and lets its ping settle. */
    fire: async () => {
      expect(pending).toHaveLength(1);
      (pending.shift() as { run: () => void }).run();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/** A connection with a session: its pings counted, answered or refused as told. */
function connection(options: { stream?: boolean; refuse?: boolean } = {}) {
  const pings: unknown[] = [];
  const conn = {
    sessionExpired: () => false,
    streamOpened: options.stream === undefined ? undefined : () => options.stream,
    client: {
      ping: (request: unknown) => {
        pings.push(request);
        return options.refuse ? Promise.reject(new Error('HTTP 404')) : Promise.resolve({});
      },
    },
  } as unknown as Connection;
  return { conn, pings };
}

function check(current: () => Connection | undefined, timings?: () => SessionTimings) {
  const t = timers();
  const answered: Connection[] = [];
  const sessionCheck = new SessionCheck({ setTimer: t.setTimer, current, answered: (conn) => void answered.push(conn), ...(timings ? { timings } : {}) });
  return { sessionCheck, t, answered };
}

describe('SessionCheck (a quiet session asked whether the server still knows it, MCP 2025-11-25 Transports §Session Management)', () => {
  it('pings a quiet session whose GET stream is open, once per period, bounded by its own timeout; an answer counts as served', async () => {
    const { conn, pings } = connection({ stream: true });
    const { sessionCheck, t, answered } = check(() => conn);
    sessionCheck.watch(conn);
    expect(t.pending.map((p) => p.ms)).toEqual([SESSION_CHECK_MS]);
    await t.fire();
    expect(pings).toEqual([{ timeout: SESSION_CHECK_TIMEOUT_MS }]);
    expect(answered).toEqual([conn]);
    // One timer at a time, armed again.
    expect(t.pending).toHaveLength(1);
  });

  it('sends nothing in a period in which a request was answered, nor before the GET stream opened', async () => {
    const stream = { open: false };
    const { conn, pings } = connection({ stream: true });
    const watched = { ...conn, streamOpened: () => stream.open } as Connection;
    const { sessionCheck, t } = check(() => watched);
    sessionCheck.watch(watched);
    await t.fire();
    expect(pings).toHaveLength(0);
    stream.open = true;
    sessionCheck.answered(watched);
    await t.fire();
    expect(pings).toHaveLength(0);
    await t.fire();
    expect(pings).toHaveLength(1);
  });

  it('a refused ping counts as nothing served (its 404 renews through the fetch wrapper)', async () => {
    const { conn, pings } = connection({ stream: true, refuse: true });
    const { sessionCheck, t, answered } = check(() => conn);
    sessionCheck.watch(conn);
    await t.fire();
    expect(pings).toHaveLength(1);
    expect(answered).toHaveLength(0);
  });

  it('watches no connection without a session (stdio, 2026-07-28), and stops with its connection', async () => {
    const plain = connection();
    const none = check(() => plain.conn);
    none.sessionCheck.watch(plain.conn);
    expect(none.t.pending).toHaveLength(0);

    const { conn, pings } = connection({ stream: true });
    let current: Connection | undefined = conn;
    const { sessionCheck, t } = check(() => current);
    sessionCheck.watch(conn);
    sessionCheck.stop();
    expect(t.pending).toHaveLength(0);
    // A connection replaced between watch and tick: its timer ends without a ping or another timer.
    sessionCheck.watch(conn);
    current = undefined;
    await t.fire();
    expect(pings).toHaveLength(0);
    expect(t.pending).toHaveLength(0);
  });

  it('follows the settings in force: its period and its ping\'s wait, a change at once, none at 0', async () => {
    let timings = sessionTimings({ sessionCheckMs: 5_000, sessionCheckTimeoutMs: 250 });
    const { conn, pings } = connection({ stream: true });
    const { sessionCheck, t } = check(() => conn, () => timings);
    sessionCheck.watch(conn);
    expect(t.pending.map((p) => p.ms)).toEqual([5_000]);
    await t.fire();
    expect(pings).toEqual([{ timeout: 250 }]);
    timings = sessionTimings({ sessionCheckMs: 9_000 });
    sessionCheck.retime();
    expect(t.pending.map((p) => p.ms)).toEqual([9_000]);
    timings = sessionTimings({ sessionCheckMs: 0 });
    sessionCheck.retime();
    expect(t.pending).toHaveLength(0);
  });

  it('a change while a ping waits leaves one timer, armed with the new period when the ping settles', async () => {
    let timings = sessionTimings({ sessionCheckMs: 1_000 });
    const settle: (() => void)[] = [];
    const conn = {
      sessionExpired: () => false,
      streamOpened: () => true,
      client: { ping: () => new Promise<object>((resolve) => settle.push(() => resolve({}))) },
    } as unknown as Connection;
    const { sessionCheck, t } = check(() => conn, () => timings);
    sessionCheck.watch(conn);
    for (let round = 0; round < 10; round++) {
      (t.pending.shift() as { run: () => void }).run();
      timings = sessionTimings({ sessionCheckMs: 1_000 + round + 1 });
      sessionCheck.retime();
      expect(t.pending).toHaveLength(0);
      settle.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
      expect(t.pending.map((p) => p.ms)).toEqual([1_000 + round + 1]);
    }
  });
});
