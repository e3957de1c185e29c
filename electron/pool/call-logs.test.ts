import { LOG_LEVEL_META_KEY as SDK_LOG_LEVEL_META_KEY, type Client } from '@modelcontextprotocol/client';
import { LoggingLevelSchema } from '@modelcontextprotocol/core';
import { describe, expect, it, vi } from 'vitest';
import { atLeast, LOG_LEVEL_META_KEY, LOG_LEVELS, toCall, upstreamLogLevel } from './call-logs';
import { RunningCalls } from './running-calls';
import type { CallLog } from './types';

const alice = { label: 'agent "alice"' };
const bob = { label: 'agent "bob"' };

function sink(level: CallLog['level']): CallLog & { got: unknown[] } {
  const got: unknown[] = [];
  return { level, got, send: (message) => void got.push(message.data) };
}

/** Runs `body` as a call of `asker` that lasts until the returned function is called. */
function running(calls: RunningCalls, asker: object | undefined, log: CallLog | undefined): () => void {
  let end = (): void => undefined;
  const held = new Promise<void>((resolve) => (end = resolve));
  void calls.run(asker as typeof alice | undefined, 'tool "x"', () => held, log);
  return end;
}

describe('call-logs', () => {
  it("the SDK's levels and `_meta` key", () => {
    expect(LOG_LEVELS).toEqual(LoggingLevelSchema.options);
    expect(LOG_LEVEL_META_KEY).toBe(SDK_LOG_LEVEL_META_KEY);
    expect(atLeast('error', 'warning')).toBe(true);
    expect(atLeast('info', 'warning')).toBe(false);
  });

  it('a message goes to a call only at or above its level', () => {
    const log = sink('warning');
    toCall(log, { level: 'info', data: 'below' });
    toCall(log, { level: 'warning', data: 'at' });
    toCall(log, { level: 'emergency', data: 'above' });
    toCall(undefined, { level: 'error', data: 'nobody asked' });
    expect(log.got).toEqual(['at', 'above']);
  });

  it('the one call running is where a message arose; none when no call, or several at once', async () => {
    const calls = new RunningCalls(() => false);
    expect(calls.logTarget()).toBeUndefined();
    const aliceLog = sink('debug');
    const endA = running(calls, alice, aliceLog);
    expect(calls.logTarget()).toBe(aliceLog);
    const endB = running(calls, bob, sink('debug'));
    expect(calls.logTarget()).toBeUndefined();
    endB();
    await new Promise((resolve) => setImmediate(resolve));
    // bob's call ran beside alice's: a late message may be his, so it is nobody's.
    expect(calls.logTarget()).toBeUndefined();
    endA();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls.size).toBe(0);
  });

  // A legacy session's prompts/get and resources/read, and every completion, run with no asker: two
  // agents' such calls have no asker to differ by, yet a late message of one is not the other's.
  it('calls without an asker: a call that ran beside another gets no lone message after it', async () => {
    const calls = new RunningCalls(() => false);
    const aliceLog = sink('debug');
    const endA = running(calls, undefined, aliceLog);
    expect(calls.logTarget()).toBe(aliceLog);
    const endB = running(calls, undefined, sink('debug'));
    endB();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls.logTarget()).toBeUndefined();
    endA();
    await new Promise((resolve) => setImmediate(resolve));
    // A call that begins afterwards, alone, is where messages arise again.
    const laterLog = sink('debug');
    const endC = running(calls, undefined, laterLog);
    expect(calls.logTarget()).toBe(laterLog);
    endC();
  });

  it('upstream: `_meta` for a 2026-07-28 connection; one logging/setLevel debug per 2025 connection that logs; nothing unasked', async () => {
    const setLoggingLevel = vi.fn(() => Promise.resolve({}));
    const client = { getServerCapabilities: () => ({ logging: {} }), setLoggingLevel } as unknown as Client;
    const note = vi.fn();
    expect(await upstreamLogLevel(client, '2026-07-28', sink('notice'), note)).toEqual({ [LOG_LEVEL_META_KEY]: 'notice' });
    expect(await upstreamLogLevel(client, '2025-11-25', undefined, note)).toBeUndefined();
    expect(setLoggingLevel).not.toHaveBeenCalled();
    expect(await upstreamLogLevel(client, '2025-11-25', sink('error'), note)).toBeUndefined();
    await upstreamLogLevel(client, '2025-11-25', sink('info'), note);
    expect(setLoggingLevel.mock.calls).toEqual([['debug']]);
    const silent = { getServerCapabilities: () => ({}), setLoggingLevel } as unknown as Client;
    await upstreamLogLevel(silent, '2025-11-25', sink('info'), note);
    expect(setLoggingLevel).toHaveBeenCalledTimes(1);
    const refusing = { getServerCapabilities: () => ({ logging: {} }), setLoggingLevel: () => Promise.reject(new Error('no')) } as unknown as Client;
    await upstreamLogLevel(refusing, '2025-11-25', sink('info'), note);
    expect(note).toHaveBeenCalledWith(expect.stringContaining('logging/setLevel was refused'));
  });
});
