import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { bearerToken } from './request-guard';

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
