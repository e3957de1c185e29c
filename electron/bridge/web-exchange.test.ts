import { EventEmitter } from 'node:events';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sendWebResponse, webRequest } from './web-exchange';

function incoming(headers: IncomingMessage['headers']): IncomingMessage {
  return { headers, url: '/mcp', method: 'POST' } as IncomingMessage;
}

describe('webRequest (node:http → the SDK v2 handler)', () => {
  it('carries the headers the handler reads, and not the agent token', () => {
    const request = webRequest(
      incoming({
        authorization: 'Bearer cs_agent_secret',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'everything__echo',
        cookie: 'a=b',
      }),
      new AbortController().signal,
    );
    expect(Object.fromEntries(request.headers)).toEqual({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'everything__echo',
    });
    expect(request.url).toBe('http://127.0.0.1/mcp');
  });

  it('follows the exchange abort', () => {
    const abort = new AbortController();
    const request = webRequest(incoming({ 'content-type': 'application/json' }), abort.signal);
    expect(request.signal.aborted).toBe(false);
    abort.abort();
    expect(request.signal.aborted).toBe(true);
  });
});

describe('sendWebResponse of a stream with an unread bound (a listen)', () => {
  it('reads the handler as it writes and ends the stream with its last frame once the unread bytes pass the bound', async () => {
    const bound = 64 * 1024;
    const frame = `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: `file:///${'a'.repeat(1000)}` } })}\n\n`;
    const encoded = new TextEncoder().encode(frame);
    let queued = 0;
    // As the SDK's listen router: every update enqueued at once, whatever the reader's pace.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (; queued < 20_000; queued++) controller.enqueue(encoded);
      },
    });
    let sentDone: (outcome: { waiting: number; ended: boolean }) => void = () => undefined;
    const sent = new Promise<{ waiting: number; ended: boolean }>((resolve) => (sentDone = resolve));
    const http = createServer((_req, res) => {
      void sendWebResponse(new Response(body, { headers: { 'content-type': 'text/event-stream' } }), res, { bytes: bound, lastFrame: () => 'event: message\ndata: END\n\n' }).then(() =>
        sentDone({ waiting: res.writableLength, ended: res.writableEnded }),
      );
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    let textDone: (text: string) => void = () => undefined;
    const text = new Promise<string>((resolve) => (textDone = resolve));
    const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      // The agent reads nothing until the bridge has given up on it.
      res.pause();
      void sent.then(() => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => textDone(Buffer.concat(chunks).toString('utf8')));
        res.resume();
      });
    });
    req.end();
    // Before the bound: the bridge waited for a drain that never came, and the handler's 20 MB stayed queued.
    const { waiting, ended } = await sent;
    expect(ended).toBe(true);
    expect(waiting).toBeLessThanOrEqual(bound + 'event: message\ndata: END\n\n'.length);
    const received = await text;
    expect(received.endsWith('event: message\ndata: END\n\n')).toBe(true);
    expect(received.length).toBeLessThan(queued * frame.length);
    await new Promise<void>((resolve) => http.close(() => resolve()));
  }, 30_000);
});

/** A response whose agent reads nothing: every byte written stays waiting in the bridge. */
/** A response whose agent reads nothing, or (`readsFirst`) only the first frame. */
class UnreadResponse extends EventEmitter {
  readonly frames: string[] = [];
  writableLength = 0;
  writableEnded = false;
  destroyed = false;
  constructor(readonly readsFirst = false) {
    super();
  }
  writeHead(): this {
    return this;
  }
  write(chunk: Uint8Array | string): boolean {
    this.frames.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    if (!(this.readsFirst && this.frames.length === 1)) this.writableLength += Buffer.byteLength(chunk);
    return false;
  }
  end(chunk?: string): this {
    if (chunk !== undefined) this.write(chunk);
    this.writableEnded = true;
    return this;
  }
}

describe("sendWebResponse: a listen's acknowledgement is not counted as unread notifications", () => {
  const bound = 256 * 1024;
  const END = 'event: message\ndata: END\n\n';
  const frame = (message: unknown): Uint8Array => new TextEncoder().encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  // 256 URIs of 2 KiB each, as a listen may name: an acknowledgement of about 530 KB.
  const uris = Array.from({ length: 256 }, (_, i) => `file:///${i}-${'a'.repeat(2040)}`);
  const ack = frame({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: { resourceSubscriptions: uris } } });
  const update = (i: number): Uint8Array => frame({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: uris[i % uris.length] } });

  async function send(frames: Uint8Array[], { listen = true, readsFirst = false } = {}): Promise<UnreadResponse> {
    const res = new UnreadResponse(readsFirst);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const f of frames) controller.enqueue(f);
        controller.close();
      },
    });
    const response = new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    await sendWebResponse(response, res as unknown as ServerResponse, { bytes: bound, lastFrame: () => END, exemptFirst: listen });
    return res;
  }

  it('sends an update while the agent still reads a large acknowledgement', async () => {
    expect(ack.byteLength).toBeGreaterThan(2 * bound);
    const res = await send([ack, update(0)]);
    // Counted, the acknowledgement waiting put the update past the bound, and the stream was ended.
    expect(res.frames).not.toContain(END);
    expect(res.frames).toHaveLength(2);
  });

  it('counts the updates against the whole bound once the acknowledgement was read', async () => {
    const updates = Array.from({ length: 2_000 }, (_, i) => update(i));
    const res = await send([ack, ...updates], { readsFirst: true });
    expect(res.frames.at(-1)).toBe(END);
    expect(res.writableLength).toBeLessThanOrEqual(bound + END.length);
  });

  it("leaves a call's first frame counted: a server's large answer raises no bound", async () => {
    const res = await send([ack, update(0)], { listen: false });
    expect(res.frames).toHaveLength(2);
    expect(res.frames.at(-1)).toBe(END);
  });

  it('ends the stream once the updates left unread past the acknowledgement pass the bound', async () => {
    const updates = Array.from({ length: 2_000 }, (_, i) => update(i));
    const res = await send([ack, ...updates]);
    expect(res.frames.at(-1)).toBe(END);
    expect(res.writableLength).toBeLessThanOrEqual(ack.byteLength + bound + END.length);
  });
});
