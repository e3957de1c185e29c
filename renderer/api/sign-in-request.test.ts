import { describe, expect, it } from 'vitest';
import { requestSignInLink } from './sign-in-request';

function answering(status: number, body: unknown) {
  const sent: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch: typeof globalThis.fetch = (url, init) => {
    sent.push({ url: url instanceof Request ? url.url : url.toString(), init });
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  };
  return { fetch, sent };
}

describe('asking serve for a new sign-in address', () => {
  it('posts an empty JSON body, without cookies or any secret, and reads only that it was shown', async () => {
    const net = answering(200, { result: { shown: true } });
    expect(await requestSignInLink({ fetch: net.fetch })).toEqual({ shown: true });
    expect(net.sent).toHaveLength(1);
    expect(net.sent[0]?.url).toBe('/api/ui-link/request');
    expect(net.sent[0]?.init).toEqual({ method: 'POST', credentials: 'omit', body: '{}', headers: { 'content-type': 'application/json' } });
  });

  it('says how long to wait when asked too soon, and passes on any other refusal', async () => {
    const soon = { code: 'rate_limited', message: 'asked a moment ago', data: { retryAfterMs: 7_200 } };
    expect(await requestSignInLink({ fetch: answering(429, { error: soon }).fetch })).toEqual({ tooSoon: { seconds: 8 } });
    const desktop = { code: 'not_found', message: 'This app shows its UI in its own window: it has no sign-in address' };
    expect(await requestSignInLink({ fetch: answering(404, { error: desktop }).fetch })).toEqual({ refused: desktop });
    expect(await requestSignInLink({ fetch: answering(200, { result: {} }).fetch })).toMatchObject({ refused: { code: 'internal' } });
    expect(await requestSignInLink({ fetch: answering(429, { error: { code: 'rate_limited', message: 'x' } }).fetch })).toMatchObject({ refused: { code: 'rate_limited' } });
  });

  it('says the app is gone when nothing answers', async () => {
    const down = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await requestSignInLink({ fetch: down })).toEqual({ lost: true });
  });
});
