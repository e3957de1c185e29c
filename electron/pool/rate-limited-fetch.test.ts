import { describe, expect, it } from 'vitest';
import { rateLimitedFetch, RateLimitedResponse } from './rate-limited-fetch';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

function answering(response: () => Response): (url: string | URL, init?: RequestInit) => Promise<Response> {
  return () => Promise.resolve(response());
}

async function thrown(promise: Promise<unknown>): Promise<RateLimitedResponse> {
  const error: unknown = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(RateLimitedResponse);
  return error as RateLimitedResponse;
}

describe('rateLimitedFetch', () => {
  it('passes every answer but a 429 through as it came', async () => {
    const ok = new Response('{}', { status: 200 });
    expect(await rateLimitedFetch(answering(() => ok), () => NOW)('http://127.0.0.1/mcp')).toBe(ok);
    const unavailable = new Response('', { status: 503, headers: { 'retry-after': '5' } });
    expect(await rateLimitedFetch(answering(() => unavailable), () => NOW)('http://127.0.0.1/mcp')).toBe(unavailable);
  });

  it("throws a 429 with its Retry-After, seconds or a date on the injected clock; the header wins over the body", async () => {
    const seconds = new Response(JSON.stringify({ retry_after: 5 }), { status: 429, headers: { 'retry-after': '60' } });
    expect((await thrown(rateLimitedFetch(answering(() => seconds), () => NOW)('http://x/mcp'))).retryAfterMs).toBe(60_000);
    const date = new Response('', { status: 429, headers: { 'retry-after': 'Thu, 01 Jan 2026 12:02:00 GMT' } });
    expect((await thrown(rateLimitedFetch(answering(() => date), () => NOW)('http://x/mcp'))).retryAfterMs).toBe(120_000);
  });

  it("reads a JSON body's retry_after when there is no header, and says no wait for garbage", async () => {
    const json = new Response(JSON.stringify({ error: 'rate_limited', retry_after: 12 }), { status: 429, headers: { 'content-type': 'application/json' } });
    expect((await thrown(rateLimitedFetch(answering(() => json), () => NOW)('http://x/mcp'))).retryAfterMs).toBe(12_000);
    const garbage = new Response('slow down!', { status: 429, headers: { 'retry-after': 'later' } });
    expect((await thrown(rateLimitedFetch(answering(() => garbage), () => NOW)('http://x/mcp'))).retryAfterMs).toBeUndefined();
  });

  it('reads no more than 64 KiB of a body', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const response = new Response(endless, { status: 429 });
    expect((await thrown(rateLimitedFetch(answering(() => response), () => NOW)('http://x/mcp'))).retryAfterMs).toBeUndefined();
    expect(pulled).toBeLessThan(10);
  });
});
