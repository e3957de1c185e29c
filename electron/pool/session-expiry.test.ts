import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { isSessionGone, sessionExpiryFetch, sessionGoneAgain } from './session-expiry';

/** A fetch that answers every request with `status`, and the count of expiries the wrapper told. */
function wrapped(status: number): { fetch: ReturnType<typeof sessionExpiryFetch>; told: () => number } {
  let told = 0;
  const fetch = sessionExpiryFetch(() => Promise.resolve(new Response(null, { status })), () => void told++);
  return { fetch, told: () => told };
}

const withSession = { 'mcp-session-id': 'abc' };

describe('sessionExpiryFetch (MCP 2025-11-25 Transports §Session Management)', () => {
  it('tells of a 404 to a POST or a GET that carried a session id', async () => {
    const { fetch, told } = wrapped(404);
    await fetch('http://127.0.0.1/mcp', { method: 'POST', headers: withSession });
    expect(told()).toBe(1);
    await fetch('http://127.0.0.1/mcp', { method: 'GET', headers: new Headers(withSession) });
    expect(told()).toBe(2);
  });

  it('is silent for a 404 without a session id (no endpoint), for our own DELETE, and for other statuses', async () => {
    const notFound = wrapped(404);
    await notFound.fetch('http://127.0.0.1/mcp', { method: 'POST', headers: {} });
    await notFound.fetch('http://127.0.0.1/mcp', { method: 'DELETE', headers: withSession });
    expect(notFound.told()).toBe(0);
    const other = wrapped(400);
    await other.fetch('http://127.0.0.1/mcp', { method: 'POST', headers: withSession });
    expect(other.told()).toBe(0);
  });
});

describe('isSessionGone', () => {
  const http404 = new CodedError('server_unavailable', 'no such session', { data: { status: 404 } });
  it('is a 404 on a connection whose session the server said it no longer knows', () => {
    expect(isSessionGone(true, http404)).toBe(true);
    expect(isSessionGone(false, http404)).toBe(false);
    expect(isSessionGone(true, new CodedError('server_unavailable', 'down', { data: { status: 502 } }))).toBe(false);
    expect(isSessionGone(true, new Error('404'))).toBe(false);
  });

  it('names the server when its new session is forgotten too', () => {
    expect(sessionGoneAgain('memo').message).toContain('"memo"');
  });
});
