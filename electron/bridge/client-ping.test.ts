import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { ClientPing, PING_WAIT_MS } from './client-ping';

afterEach(() => {
  vi.useRealTimers();
});

function pinger(fail = false): { ping: ClientPing; sent: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  const ping = new ClientPing((msg) => {
    if (fail) return Promise.reject(new Error('the client is gone'));
    sent.push(msg);
    return Promise.resolve();
  });
  return { ping, sent };
}

const idOf = (msg: JSONRPCMessage | undefined): string => {
  if (msg === undefined || !('id' in msg) || typeof msg.id !== 'string') throw new Error('no ping sent');
  return msg.id;
};

describe("the shim's ping to its client", () => {
  it('sends a ping and is answered by the reply to it, result or error; the reply is not relayed', async () => {
    const { ping, sent } = pinger();
    const first = ping.confirm();
    await Promise.resolve();
    expect(sent[0]).toMatchObject({ jsonrpc: '2.0', method: 'ping' });
    expect(ping.take({ jsonrpc: '2.0', id: idOf(sent[0]), result: {} })).toBe(true);
    await expect(first).resolves.toBe(true);

    const second = ping.confirm();
    await Promise.resolve();
    expect(idOf(sent[1])).not.toBe(idOf(sent[0]));
    expect(ping.take({ jsonrpc: '2.0', id: idOf(sent[1]), error: { code: -32601, message: 'Method not found' } })).toBe(true);
    await expect(second).resolves.toBe(true);
  });

  it("leaves the client's own messages alone, answers with the bridge's ids included", () => {
    const { ping } = pinger();
    expect(ping.take({ jsonrpc: '2.0', id: 3, result: {} })).toBe(false);
    expect(ping.take({ jsonrpc: '2.0', id: 'mine', result: {} })).toBe(false);
    expect(ping.take({ jsonrpc: '2.0', id: 'connected-services-shim-ping-1', method: 'ping' })).toBe(false);
    expect(ping.take({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe(false);
  });

  it('gives up on a client that does not answer, asks it no more, and asks again once it answers late', async () => {
    vi.useFakeTimers();
    const { ping, sent } = pinger();
    const unanswered = ping.confirm();
    await vi.advanceTimersByTimeAsync(PING_WAIT_MS);
    await expect(unanswered).resolves.toBe(false);
    await expect(ping.confirm()).resolves.toBe(false);
    expect(sent).toHaveLength(1);
    expect(ping.take({ jsonrpc: '2.0', id: idOf(sent[0]), result: {} })).toBe(true);
    const again = ping.confirm();
    await Promise.resolve();
    expect(sent).toHaveLength(2);
    ping.take({ jsonrpc: '2.0', id: idOf(sent[1]), result: {} });
    await expect(again).resolves.toBe(true);
  });

  it('says no when the ping cannot be written or the client goes away while it waits', async () => {
    await expect(pinger(true).ping.confirm()).resolves.toBe(false);
    const { ping } = pinger();
    const waiting = ping.confirm();
    ping.close();
    await expect(waiting).resolves.toBe(false);
  });
});
