import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { boundedErrorOf, boundedResponse, messageBoundFetch, messageTooLarge, oversizedAnswer, SseEventCounter } from './message-bound';

const LIMIT = 100;
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A response whose body arrives in exactly these chunks. */
function chunked(type: string, chunks: readonly string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': type } });
}

const bounded = (response: Response): Response => boundedResponse(response, LIMIT, () => messageTooLarge('docs', LIMIT));
/** An event of `size` bytes as counted (its lines), then the blank line that ends it. */
const event = (size: number): string => `data: ${'x'.repeat(size - 'data: \n'.length)}\n\n`;

async function failure(promise: Promise<unknown>): Promise<CodedError> {
  const error: unknown = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(CodedError);
  return error as CodedError;
}

describe('messageBoundFetch: JSON, the whole body one message', () => {
  it('passes a body at the bound whole, status and headers kept', async () => {
    const text = JSON.stringify({ t: 'x'.repeat(LIMIT - 8) });
    expect(bytes(text).length).toBe(LIMIT);
    const response = bounded(chunked('application/json', [text.slice(0, 30), text.slice(30)], 200));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe(text);
  });

  it('fails a body one byte over the bound, across chunks each under it, with the bounded error', async () => {
    const error = await failure(bounded(chunked('application/json', ['{"t":"', 'x'.repeat(60), 'x'.repeat(34), '"}'])).json());
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('"docs" sent a message over 0 MiB; it was not read (one message from a server may hold at most 0 MiB, counted unpacked)');
    expect(oversizedAnswer(error)).toBe(true);
    expect(error.hint).toContain("the server's answer is too large");
  });

  it('names the bound in MiB and is built on the fetch given, per server', async () => {
    expect(messageTooLarge('docs', 8 * 1024 * 1024).message).toBe('"docs" sent a message over 8 MiB; it was not read (one message from a server may hold at most 8 MiB, counted unpacked)');
    const fetch = messageBoundFetch(() => Promise.resolve(chunked('application/json', ['x'.repeat(11)])), 'mail', 10);
    expect((await failure((await fetch('http://127.0.0.1/mcp')).text())).message).toContain('"mail" sent a message over');
  });

  it('leaves a response without a body as it is', () => {
    const empty = new Response(null, { status: 202 });
    expect(bounded(empty)).toBe(empty);
  });
});

describe('messageBoundFetch: SSE, each event one message', () => {
  it('passes events each under the bound but over it in total, chunks untouched', async () => {
    const events = Array.from({ length: 10 }, () => event(LIMIT - 10));
    expect(await bounded(chunked('text/event-stream', events)).text()).toBe(events.join(''));
    const crlf = events.map((e) => e.replaceAll('\n', '\r\n').replace('x', ''));
    expect(await bounded(chunked('text/event-stream; charset=utf-8', crlf)).text()).toBe(crlf.join(''));
  });

  it('fails one event over the bound, even after many under it', async () => {
    expect(await bounded(chunked('text/event-stream', [event(LIMIT), event(LIMIT)])).text()).toBe(event(LIMIT).repeat(2));
    const error = await failure(bounded(chunked('text/event-stream', [event(50), event(50), event(LIMIT + 1)])).text());
    expect(error.message).toContain('"docs" sent a message over');
  });

  it('sees a boundary split across chunks (LF LF and CRLF CRLF), and counts an event split across them', async () => {
    const half = 'data: ' + 'x'.repeat(LIMIT - 20);
    // Each event under the bound; the blank line between them split over two chunks.
    expect(await bounded(chunked('text/event-stream', [half + '\n', '\n' + half + '\n', '\n'])).text()).toContain('x');
    expect(await bounded(chunked('text/event-stream', [half + '\r', '\n\r', '\n' + half + '\r\n', '\r\n'])).text()).toContain('x');
    // No blank line (a lone LF in each chunk): the two halves are one event, over the bound.
    await failure(bounded(chunked('text/event-stream', [half + '\n', 'id: 1\n' + half + '\n\n'])).text());
  });
});

describe('messageBoundFetch: an over-bound SSE answer to a call', () => {
  const call = { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } }) };

  it('ends with an error answer to that call, which maps to the bounded error; the rest is not read', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({ pull: (controller) => void (pulled++, controller.enqueue(bytes('x'.repeat(40)))) });
    const fetch = messageBoundFetch(() => Promise.resolve(new Response(endless, { headers: { 'content-type': 'text/event-stream' } })), 'docs', LIMIT);
    const text = await (await fetch('http://127.0.0.1/mcp', call)).text();
    expect(pulled).toBeLessThan(10);
    const last = text.slice(text.lastIndexOf('data: ') + 'data: '.length).trim();
    const answer = JSON.parse(last) as { id: number; error: { message: string; data: unknown } };
    expect(answer.id).toBe(7);
    expect(answer.error.message).toBe(messageTooLarge('docs', LIMIT).message);
    const mapped = boundedErrorOf({ code: -32603, message: answer.error.message, data: answer.error.data }, 'docs');
    expect(mapped?.message).toBe(messageTooLarge('docs', LIMIT).message);
    expect(mapped?.hint).toContain("the server's answer is too large");
  });

  it("does not take a server's own error for ours, however it is worded", () => {
    expect(boundedErrorOf({ code: -32603, message: 'x', data: { messageBound: 'guess', limitBytes: 1 } }, 'docs')).toBeUndefined();
  });

  it('errors a stream that answers no call (a GET listen stream)', async () => {
    const fetch = messageBoundFetch(() => Promise.resolve(chunked('text/event-stream', [event(LIMIT + 1)])), 'docs', LIMIT);
    await failure((await fetch('http://127.0.0.1/mcp', { method: 'GET' })).text());
  });
});

describe('SseEventCounter', () => {
  it('counts bytes since the last blank line, one chunk at a time', () => {
    const counter = new SseEventCounter();
    expect(counter.add(bytes('data: a\n'), 10)).toBe(true);
    expect(counter.add(bytes('\n'), 10)).toBe(true);
    expect(counter.add(bytes('data: 1234'), 10)).toBe(true);
    expect(counter.add(bytes('5'), 10)).toBe(false);
  });

  it('takes CR LF for a blank line even split across chunks, and a one-byte line of another byte for no blank line', () => {
    const counter = new SseEventCounter();
    expect(counter.add(bytes('data: 12\n'), 11)).toBe(true);
    expect(counter.add(bytes('\r'), 11)).toBe(true);
    expect(counter.add(bytes('\ndata: 1234'), 11)).toBe(true);
    expect(counter.add(bytes('\na\n'), 11)).toBe(false);
  });

  it('ends lines at a lone CR as the SDK does, and takes a CRLF split across chunks for one line end', () => {
    // Each event is its line and the line end (11 bytes), then the blank line that ends it.
    const counter = new SseEventCounter();
    for (let i = 0; i < 5; i++) expect(counter.add(bytes('data: 1234\r\r'), 11)).toBe(true);
    expect(counter.add(bytes('data: 12\r'), 11)).toBe(true);
    expect(counter.add(bytes('\ndata: 12\r\n'), 11)).toBe(false);
  });
});
