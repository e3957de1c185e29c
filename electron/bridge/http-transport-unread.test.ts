import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { HttpServerTransport } from './http-transport';
import { loadSdkTypes } from './server-sdk';
import { MAX_UNREAD_STREAM_BYTES } from './unread-bound';
import { FakeResponse } from '../../test/support/fake-response';

const NO_TIMERS = { every: () => () => undefined, after: () => () => undefined, setTimer: () => undefined };

/** An agent that reads nothing: every byte written waits in the bridge. */
class UnreadResponse extends FakeResponse {
  get writableLength(): number {
    return Buffer.byteLength(this.body);
  }
  override end(text?: string): this {
    this.writable = false;
    return super.end(text);
  }
}

function request(method: string, sessionId?: string): IncomingMessage {
  const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }) };
  return { method, headers } as unknown as IncomingMessage;
}

describe("a session's GET stream the agent stops reading", () => {
  it('ends once more than the bound waits unread, with a warning naming why, and takes nothing more', async () => {
    const transport = new HttpServerTransport({ types: await loadSdkTypes(), newSessionId: () => 'sid', timers: NO_TIMERS });
    const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    transport.handle(request('POST'), new FakeResponse() as unknown as ServerResponse, init);
    const stream = new UnreadResponse();
    transport.handle(request('GET', 'sid'), stream as unknown as ServerResponse, undefined);
    expect(stream.status).toBe(200);
    const uri = `file:///${'a'.repeat(1000)}`;
    for (let i = 0; i < 5_000; i++) await transport.send({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } });
    expect(stream.writableEnded).toBe(true);
    // Before the bound: 5,000 updates of ~1 KB (5 MB) waited for the agent.
    expect(stream.writableLength).toBeLessThan(MAX_UNREAD_STREAM_BYTES + 1_000);
    const last = stream.body.slice(stream.body.lastIndexOf('event: message'));
    expect(last).toContain('"method":"notifications/message"');
    expect(last).toContain('"code":"rate_limited"');
    expect(last).toContain(`more than ${MAX_UNREAD_STREAM_BYTES} bytes of notifications waited unread`);
  });

  it('gives its place back when it ends: a new GET of the session opens at once, its socket still open', async () => {
    const transport = new HttpServerTransport({ types: await loadSdkTypes(), newSessionId: () => 'sid', timers: NO_TIMERS });
    const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    transport.handle(request('POST'), new FakeResponse() as unknown as ServerResponse, init);
    const stream = new UnreadResponse();
    transport.handle(request('GET', 'sid'), stream as unknown as ServerResponse, undefined);
    const taken = new FakeResponse();
    transport.handle(request('GET', 'sid'), taken as unknown as ServerResponse, undefined);
    expect(taken.status).toBe(409);
    const uri = `file:///${'a'.repeat(1000)}`;
    for (let i = 0; i < 500 && !stream.writableEnded; i++) await transport.send({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } });
    expect(stream.writableEnded).toBe(true);
    const again = new ReadResponse();
    transport.handle(request('GET', 'sid'), again as unknown as ServerResponse, undefined);
    expect(again.status).toBe(200);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'file:///after' } });
    expect(again.body).toContain('file:///after');
  });

  it('sends one message larger than the bound to an agent that reads, and keeps the stream open', async () => {
    const transport = new HttpServerTransport({ types: await loadSdkTypes(), newSessionId: () => 'sid', timers: NO_TIMERS });
    const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    transport.handle(request('POST'), new FakeResponse() as unknown as ServerResponse, init);
    const stream = new ReadResponse();
    transport.handle(request('GET', 'sid'), stream as unknown as ServerResponse, undefined);
    const uri = `file:///${'a'.repeat(MAX_UNREAD_STREAM_BYTES + 10)}`;
    await transport.send({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } });
    expect(stream.writableEnded).toBe(false);
    expect(stream.body).toContain(uri);
  });
});

describe("a session's POST answered as SSE the agent stops reading", () => {
  const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x', arguments: {}, _meta: { progressToken: 'p' } } };
  const progress = (i: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: i, message: 'm'.repeat(1000) } });

  async function session(): Promise<HttpServerTransport> {
    const transport = new HttpServerTransport({ types: await loadSdkTypes(), newSessionId: () => 'sid', timers: NO_TIMERS });
    const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    transport.handle(request('POST'), new FakeResponse() as unknown as ServerResponse, init);
    return transport;
  }

  it("ends once more than the bound waits unread, answering the request with an error naming why, and takes nothing more", async () => {
    const transport = await session();
    const answer = new UnreadResponse();
    transport.handle(request('POST', 'sid'), answer as unknown as ServerResponse, call);
    let refused = 0;
    for (let i = 0; i < 5_000; i++) await transport.send(progress(i), { relatedRequestId: 7 }).catch(() => void refused++);
    expect(answer.writableEnded).toBe(true);
    // Before the bound: 5,000 progress notifications of ~1 KB (5 MB) waited for the agent.
    expect(answer.writableLength).toBeLessThan(MAX_UNREAD_STREAM_BYTES + 1_000);
    expect(refused).toBeGreaterThan(4_000);
    const last = answer.body.slice(answer.body.lastIndexOf('event: message'));
    expect(last).toContain('"id":7');
    expect(last).toContain('"code":"rate_limited"');
    expect(last).toContain(`the bridge ended this request's answer stream: more than ${MAX_UNREAD_STREAM_BYTES} bytes of notifications waited unread`);
    expect(transport.answerGone(7).aborted).toBe(true);
    // The call's own answer, when it comes, goes nowhere: the request was answered.
    const length = answer.body.length;
    await transport.send({ jsonrpc: '2.0', id: 7, result: { content: [] } });
    expect(answer.body.length).toBe(length);
  });

  it('keeps the stream of an agent that reads, however much progress it hears', async () => {
    const transport = await session();
    const answer = new ReadResponse();
    transport.handle(request('POST', 'sid'), answer as unknown as ServerResponse, call);
    for (let i = 0; i < 1_000; i++) await transport.send(progress(i), { relatedRequestId: 7 });
    expect(answer.writableEnded).toBe(false);
    await transport.send({ jsonrpc: '2.0', id: 7, result: { content: [] } });
    expect(answer.writableEnded).toBe(true);
    expect(answer.body).not.toContain('rate_limited');
    expect(answer.body).toContain('"result"');
  });
});

/** An agent that reads everything at once: nothing waits. */
class ReadResponse extends FakeResponse {
  readonly writableLength = 0;
}
