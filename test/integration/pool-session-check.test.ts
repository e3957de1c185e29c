import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSetTimer, type SetTimer } from '../../electron/pool/idle-timer';
import { SESSION_CHECK_MS } from '../../electron/pool/session-check';
import { startSessionExpiryServer, type SessionExpiryServer } from '../fixtures/servers/session-expiry-server';
import { connectAgent, startBridge } from '../support/bridge-harness';
import { streamCountingFetch } from '../support/stream-counting-fetch';
import { waitFor } from '../support/server-harness';

/**
 * A 2025-11-25 HTTP server that forgets a session while our GET stream stays open says nothing on
 * that stream; it answers 404 to any request carrying the id (MCP 2025-11-25 Transports §Session
 * Management). The pool's session check asks a quiet session with a `ping`, renews it on a 404 and
 * lists again, so what changed meanwhile reaches agents. The check's timer is fired by the test.
 */
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The session checks' timers, held for the test to fire; every other timer runs as ever. */
function checkTimers(): { setTimer: SetTimer; armed: () => number; fire: () => void } {
  const pending = new Set<() => void>();
  const setTimer: SetTimer = (run, ms) => {
    if (ms !== SESSION_CHECK_MS) return defaultSetTimer(run, ms);
    pending.add(run);
    return () => void pending.delete(run);
  };
  const fire = (): void => {
    const due = [...pending];
    pending.clear();
    for (const run of due) run();
  };
  return { setTimer, armed: () => pending.size, fire };
}

describe('a session forgotten while its GET stream stays open (the session check)', () => {
  it('is renewed at the next check, and a tool added meanwhile reaches the agent with list_changed', async () => {
    const s: SessionExpiryServer = await startSessionExpiryServer();
    closers.push(() => s.close());
    const timers = checkTimers();
    const { fetch: seeing, streams } = streamCountingFetch();
    const h = await startBridge({ memo: { type: 'http', url: s.url } }, {}, { setTimer: timers.setTimer, httpFetch: () => seeing });
    closers.unshift(() => h.close());
    await h.pool.start('memo');
    h.bridge.refresh();
    const { token } = await h.bridge.agents.add('reader', { servers: ['memo'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const agent = await connectAgent(h.bridge.url, token, 'reader');
    closers.unshift(() => agent.close());
    let changed = 0;
    agent.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    expect((await agent.client.listTools()).tools.map((t) => t.name)).toContain('memo__echo');
    await waitFor('the GET stream open', () => streams() === 1);
    // One check per server, armed while it runs.
    expect(timers.armed()).toBe(1);

    s.expireQuietly();
    s.addTool('later');
    // The open stream says nothing: the forgotten session is not told, and nothing was found out.
    expect(s.initializes).toBe(1);
    expect((await agent.client.listTools()).tools.map((t) => t.name)).not.toContain('memo__later');

    // A quiet session is pinged at its check (fired until the new session exists: a check in a period with an answer sends nothing).
    await waitFor('a new session after the check', () => {
      timers.fire();
      return s.initializes === 2 && h.pool.status('memo').state === 'ready';
    }, 30_000);
    expect(s.refused).toBeGreaterThan(0);
    expect(s.methods).toContain('ping');
    await waitFor('list_changed at the agent', () => changed > 0, 30_000);
    expect((await agent.client.listTools()).tools.map((t) => t.name)).toContain('memo__later');
    // The new session is checked in its turn, one timer still.
    await waitFor('the new session watched', () => timers.armed() === 1);
  }, 60_000);
});
