import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { allowedOrigins, bearerToken, isAllowedOrigin } from './request-guard';

function req(headers: Record<string, string>): IncomingMessage {
  return { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) } as unknown as IncomingMessage;
}

describe('bearerToken', () => {
  it('takes the token of a Bearer header, scheme case-insensitive, and nothing else', () => {
    expect(bearerToken(req({ Authorization: 'Bearer abc' }))).toBe('abc');
    expect(bearerToken(req({ Authorization: 'bearer   abc  ' }))).toBe('abc');
    expect(bearerToken(req({ Authorization: 'Basic abc' }))).toBeUndefined();
    expect(bearerToken(req({ Authorization: 'Bearer a b' }))).toBeUndefined();
    expect(bearerToken(req({}))).toBeUndefined();
  });
});

describe('allowedOrigins', () => {
  it('lists exactly the origins isAllowedOrigin accepts, so the UI frames apps under any of its names', () => {
    expect(allowedOrigins(4100)).toEqual(['http://127.0.0.1:4100', 'http://localhost:4100', 'http://[::1]:4100']);
    for (const origin of allowedOrigins(4100)) expect(isAllowedOrigin(origin, 4100)).toBe(true);
  });
});
