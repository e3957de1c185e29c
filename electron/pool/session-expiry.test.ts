import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { isSessionGone, sessionExpiryFetch, sessionGoneAgain } from './session-expiry';

/** A fetch that answers every request with `status`, and the count of expiries and stream openings the wrapper told. */
function wrapped(status: number): { fetch: ReturnType<typeof sessionExpiryFetch>; told: () => number; opened: () => number } {
  let told = 0;
  let opened = 0;
  const fetch = sessionExpiryFetch(() => Promise.resolve(new Response(null, { status })), { expired: () => void told++, streamOpened: () => void opened++ });
  return { fetch, told: () => told, opened: () => opened };
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

  it('tells of the GET stream of a session answered 200 (the server knew it then), and of nothing else answered 200', async () => {
    const ok = wrapped(200);
    await ok.fetch('http://127.0.0.1/mcp', { method: 'POST', headers: withSession });
    await ok.fetch('http://127.0.0.1/mcp', { method: 'GET', headers: {} });
    expect(ok.opened()).toBe(0);
    await ok.fetch('http://127.0.0.1/mcp', { method: 'GET', headers: withSession });
    expect(ok.opened()).toBe(1);
    expect(ok.told()).toBe(0);
    const refused = wrapped(404);
    await refused.fetch('http://127.0.0.1/mcp', { method: 'GET', headers: withSession });
    expect(refused.opened()).toBe(0);
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
