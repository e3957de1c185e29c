import { describe, expect, it } from 'vitest';
import { exchangeSignInLink } from './sign-in-exchange';

function answering(status: number, body: unknown) {
  const sent: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch: typeof globalThis.fetch = (url, init) => {
    sent.push({ url: url instanceof Request ? url.url : url.toString(), init });
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  };
  return { fetch, sent };
}

describe('trading the printed link for a session', () => {
  it('posts the link as JSON, letting the answer clear the origin\'s stored data, and takes the session from the body', async () => {
    const net = answering(200, { session: 'tab-session' });
    expect(await exchangeSignInLink('one-time', { fetch: net.fetch })).toEqual({ session: 'tab-session' });
    expect(net.sent).toHaveLength(1);
    expect(net.sent[0]?.url).toBe('/api/session');
    expect(net.sent[0]?.init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"link":"one-time"}', headers: { 'content-type': 'application/json' } });
  });

  it('passes on the refusal of a used link, and a malformed answer is a refusal too', async () => {
    const refusal = { code: 'denied', message: 'This sign-in address was already used', hint: 'Run connected-services serve --ui-link' };
    expect(await exchangeSignInLink('used', { fetch: answering(401, { error: refusal }).fetch })).toEqual({ refused: refusal });
    expect(await exchangeSignInLink('x', { fetch: answering(200, { session: 42 }).fetch })).toMatchObject({ refused: { code: 'internal' } });
  });

  it('says the app is gone when nothing answers', async () => {
    const down = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await exchangeSignInLink('x', { fetch: down })).toEqual({ lost: true });
  });
});
