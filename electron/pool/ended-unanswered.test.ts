import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { failEndedUnanswered } from './ended-unanswered';
import { boundedErrorOf } from './message-bound';
import { endsSession } from './slot-restarts';

function fakeTransport(): { transport: Transport; sent: Array<TransportSendOptions | undefined>; heard: JSONRPCMessage[] } {
  const sent: Array<TransportSendOptions | undefined> = [];
  const heard: JSONRPCMessage[] = [];
  const transport: Transport = {
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
    send: (_message, options) => {
      sent.push(options);
      return Promise.resolve();
    },
    onmessage: (message) => void heard.push(message),
  };
  return { transport, sent, heard };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 't' } } as const;

describe('failEndedUnanswered', () => {
  it("answers a request whose stream ended while it still waits with our error, which reads as the server's ending its answer", async () => {
    const { transport, sent, heard } = fakeTransport();
    failEndedUnanswered(transport, 'remote', () => true);
    await transport.send(call);
    sent[0]?.onRequestStreamEnd?.();
    expect(heard).toEqual([]);
    await turn();
    expect(heard).toHaveLength(1);
    const answer = heard[0] as { id: number; error: { code: number; message: string; data: unknown } };
    expect(answer.id).toBe(7);
    const error = boundedErrorOf(answer.error, 'remote');
    expect(error).toBeInstanceOf(CodedError);
    expect([error?.code, error?.message]).toEqual(['server_unavailable', '"remote" ended its answer without a result']);
    // That one answer's fault: the session stays.
    expect(error === undefined ? true : endsSession(error)).toBe(false);
  });

  it('adds nothing for a request already answered, and leaves a listen (its own stream end) and a notification as they are', async () => {
    const { transport, sent, heard } = fakeTransport();
    failEndedUnanswered(transport, 'remote', () => false);
    await transport.send(call);
    sent[0]?.onRequestStreamEnd?.();
    const own = (): void => undefined;
    await transport.send({ jsonrpc: '2.0', id: 8, method: 'subscriptions/listen', params: {} }, { onRequestStreamEnd: own });
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await turn();
    expect(heard).toEqual([]);
    expect(sent[1]?.onRequestStreamEnd).toBe(own);
    expect(sent[2]?.onRequestStreamEnd).toBeUndefined();
  });

  it("answers the era probe (a string id no Protocol table holds) to its own receiver while that still waits, and no one once it gave way", async () => {
    const { transport, sent } = fakeTransport();
    failEndedUnanswered(transport, 'remote', () => false);
    const probeHeard: JSONRPCMessage[] = [];
    transport.onmessage = (message) => void probeHeard.push(message);
    const probe = { jsonrpc: '2.0', id: 'server-discover-probe-1', method: 'server/discover', params: {} } as const;
    await transport.send(probe);
    sent[0]?.onRequestStreamEnd?.();
    await turn();
    expect(probeHeard).toHaveLength(1);
    expect((probeHeard[0] as { id: string; error: { code: number } }).id).toBe('server-discover-probe-1');
    // The probe's receiver gave way to the session's (its answer came first): the session hears nothing of it.
    await transport.send({ ...probe, id: 'server-discover-probe-2' });
    const sessionHeard: JSONRPCMessage[] = [];
    transport.onmessage = (message) => void sessionHeard.push(message);
    sent[1]?.onRequestStreamEnd?.();
    await turn();
    expect(sessionHeard).toEqual([]);
    expect(probeHeard).toHaveLength(1);
  });
});
