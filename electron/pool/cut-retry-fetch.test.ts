import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../net';
import { cutRetryFetch } from './cut-retry-fetch';

/** What Node's fetch throws for a connection that ended before an answer: "fetch failed", the socket's error as its cause. */
function failed(code: string): TypeError {
  const cause = Object.assign(new Error(code === 'UND_ERR_SOCKET' ? 'other side closed' : `read ${code}`), { code });
  return new TypeError('fetch failed', { cause });
}

/** A fetch that fails with each of `failures` in turn, then answers 200; and what it was sent. */
function scripted(failures: Error[]): { fetch: FetchLike; sent: string[] } {
  const sent: string[] = [];
  const fetch: FetchLike = (_url, init) => {
    sent.push(typeof init?.body === 'string' ? init.body : '');
    const failure = failures.shift();
    return failure ? Promise.reject(failure) : Promise.resolve(new Response('{}', { status: 200 }));
  };
  return { fetch, sent };
}

const post = (method: string): RequestInit => ({ method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: {} }) });

describe('cutRetryFetch', () => {
  it.each(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'])('sends a listing once more after %s, and answers with the second answer', async (code) => {
    const { fetch, sent } = scripted([failed(code)]);
    const response = await cutRetryFetch(fetch)('http://127.0.0.1:1/mcp', post('tools/list'));
    expect(response.status).toBe(200);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
  });

  it.each(['ping', 'server/discover', 'prompts/list', 'prompts/get', 'resources/list', 'resources/templates/list', 'resources/read'])('repeats %s, which only reads', async (method) => {
    const { fetch, sent } = scripted([failed('ECONNRESET')]);
    await cutRetryFetch(fetch)('http://127.0.0.1:1/mcp', post(method));
    expect(sent).toHaveLength(2);
  });

  it.each(['tools/call', 'initialize', 'resources/subscribe', 'completion/complete'])('never repeats %s: the server may have done it', async (method) => {
    const { fetch, sent } = scripted([failed('ECONNRESET')]);
    await expect(cutRetryFetch(fetch)('http://127.0.0.1:1/mcp', post(method))).rejects.toThrow('fetch failed');
    expect(sent).toHaveLength(1);
  });

  it('tries twice at most: a server that cuts every request fails the listing with its error', async () => {
    const { fetch, sent } = scripted([failed('ECONNRESET'), failed('ECONNRESET'), failed('ECONNRESET')]);
    await expect(cutRetryFetch(fetch)('http://127.0.0.1:1/mcp', post('tools/list'))).rejects.toMatchObject({ cause: { code: 'ECONNRESET' } });
    expect(sent).toHaveLength(2);
  });

  it.each(['ECONNREFUSED', 'ENOTFOUND', 'UND_ERR_HEADERS_TIMEOUT'])('does not repeat after %s: nothing was cut', async (code) => {
    const { fetch, sent } = scripted([failed(code)]);
    await expect(cutRetryFetch(fetch)('http://127.0.0.1:1/mcp', post('tools/list'))).rejects.toThrow('fetch failed');
    expect(sent).toHaveLength(1);
  });

  it('does not repeat a request its caller gave up on, a GET, or a body that is no JSON-RPC request', async () => {
    const aborted = new AbortController();
    aborted.abort();
    for (const init of [{ ...post('tools/list'), signal: aborted.signal }, { method: 'GET' }, { method: 'POST', body: '{"jsonrpc":"2.0","method":"tools/list"}' }, { method: 'POST', body: 'not json' }]) {
      const { fetch, sent } = scripted([failed('ECONNRESET')]);
      await expect(cutRetryFetch(fetch)('http://127.0.0.1:1/mcp', init)).rejects.toThrow('fetch failed');
      expect(sent).toHaveLength(1);
    }
  });

  it('passes an answer through untouched, an error answer too', async () => {
    const answer = new Response('nope', { status: 500 });
    const response = await cutRetryFetch(() => Promise.resolve(answer))('http://127.0.0.1:1/mcp', post('tools/list'));
    expect(response).toBe(answer);
  });
});
