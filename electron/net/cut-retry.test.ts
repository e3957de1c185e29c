import { describe, expect, it } from 'vitest';
import { retryWhenCut, safeMethod } from './cut-retry';
import type { FetchLike } from './fetch-like';

/** What Node's fetch throws for a connection that ended before an answer: "fetch failed", the socket's error as its cause. */
function failed(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`read ${code}`), { code }) });
}

/** A fetch that fails with each of `failures` in turn, then answers 200; and how many times it was sent. */
function scripted(failures: Error[]): { fetch: FetchLike; sent: () => number } {
  let sent = 0;
  const fetch: FetchLike = () => {
    sent++;
    const failure = failures.shift();
    return failure ? Promise.reject(failure) : Promise.resolve(new Response('{}', { status: 200 }));
  };
  return { fetch, sent: () => sent };
}

describe('retryWhenCut', () => {
  it.each(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'])('sends a request the predicate allows once more after %s', async (code) => {
    const { fetch, sent } = scripted([failed(code)]);
    expect((await retryWhenCut(fetch, safeMethod)('http://127.0.0.1:1/meta')).status).toBe(200);
    expect(sent()).toBe(2);
  });

  it('finds the cut under a wrapper of its own', async () => {
    const { fetch, sent } = scripted([new Error('outer', { cause: failed('ECONNRESET') })]);
    await retryWhenCut(fetch, safeMethod)('http://127.0.0.1:1/meta');
    expect(sent()).toBe(2);
  });

  it('never sends what the predicate refuses, whatever cut it', async () => {
    const { fetch, sent } = scripted([failed('ECONNRESET')]);
    await expect(retryWhenCut(fetch, safeMethod)('http://127.0.0.1:1/token', { method: 'POST', body: 'grant_type=refresh_token' })).rejects.toThrow('fetch failed');
    expect(sent()).toBe(1);
  });

  it('twice at most; not after an error that is no cut; not after its caller gave up', async () => {
    const twice = scripted([failed('ECONNRESET'), failed('ECONNRESET'), failed('ECONNRESET')]);
    await expect(retryWhenCut(twice.fetch, safeMethod)('http://127.0.0.1:1/meta')).rejects.toMatchObject({ cause: { code: 'ECONNRESET' } });
    expect(twice.sent()).toBe(2);
    const refused = scripted([failed('ECONNREFUSED')]);
    await expect(retryWhenCut(refused.fetch, safeMethod)('http://127.0.0.1:1/meta')).rejects.toThrow('fetch failed');
    expect(refused.sent()).toBe(1);
    const aborted = new AbortController();
    aborted.abort();
    const given = scripted([failed('ECONNRESET')]);
    await expect(retryWhenCut(given.fetch, safeMethod)('http://127.0.0.1:1/meta', { signal: aborted.signal })).rejects.toThrow('fetch failed');
    expect(given.sent()).toBe(1);
  });
});

describe('safeMethod (RFC 9110 §9.2.1)', () => {
  it('is GET (the default) and HEAD, in any case; never POST, PUT or DELETE', () => {
    expect([undefined, { method: 'GET' }, { method: 'head' }, {}].map(safeMethod)).toEqual([true, true, true, true]);
    expect(['POST', 'PUT', 'DELETE', 'PATCH'].map((method) => safeMethod({ method }))).toEqual([false, false, false, false]);
  });
});
