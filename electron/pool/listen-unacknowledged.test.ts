import { describe, expect, it } from 'vitest';
import { ListenUnacknowledged, listenTimedOut } from './listen-unacknowledged';

const ctx = { server: 'quiet', phase: 'call' as const, timeoutMs: 60_000, what: 'subscription to ui://x' };

describe('a change stream never acknowledged', () => {
  it('tells the person to raise the setting, and an agent (its own hint) to ask the person: it cannot edit mcp.json', () => {
    const error = listenTimedOut(new ListenUnacknowledged(1_000, 30_000, {}), ctx);
    expect(error.hint).toBe('retry, or raise "startupTimeoutMs" of "quiet" in mcp.json: it bounds this wait (the bridge waits at most 30 s)');
    expect(error.data?.['agentHint']).toBe('retry later, or ask the person to raise "startupTimeoutMs" of "quiet" in mcp.json: it bounds this wait (the bridge waits at most 30 s)');
  });

  it('at the bridge’s own cap, an agent asks the person to check the server', () => {
    const error = listenTimedOut(new ListenUnacknowledged(30_000, 30_000, {}), ctx);
    expect(error.data?.['agentHint']).toMatch(/^retry later, or ask the person to check that "quiet" acknowledges subscriptions\/listen/);
  });

  it('a wait the caller gave itself keeps the caller’s own hint', () => {
    const error = listenTimedOut(new ListenUnacknowledged(5_000, 30_000, { byCall: true }), { ...ctx, timeoutMs: 5_000, ownTimeout: true });
    expect(error.data?.['agentHint']).toBeUndefined();
    expect(error.hint).toMatch(/^this call gave itself 5 s/);
  });
});
