import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { bearerToken, isOtherLoopbackHost, isOwnHost, loopbackOrigins } from './request-guard';

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

describe('isOwnHost', () => {
  it('accepts 127.0.0.1 with this port only: no other loopback name, no other port, no lookalike', () => {
    expect(isOwnHost('127.0.0.1:4100', 4100)).toBe(true);
    for (const host of ['localhost:4100', 'LOCALHOST:4100', '[::1]:4100', '127.0.0.1:4101', '127.0.0.1', '127.0.0.1.evil.example:4100', undefined, '']) {
      expect(isOwnHost(host, 4100)).toBe(false);
    }
  });
});

describe('isOtherLoopbackHost', () => {
  it('names localhost and [::1] with this port (any case), never the own address or another port', () => {
    for (const host of ['localhost:4100', 'LocalHost:4100', '[::1]:4100']) expect(isOtherLoopbackHost(host, 4100)).toBe(true);
    for (const host of ['127.0.0.1:4100', 'localhost:4101', 'localhost', 'app.localhost:4100', '[::1]', undefined]) {
      expect(isOtherLoopbackHost(host, 4100)).toBe(false);
    }
  });
});

describe('loopbackOrigins', () => {
  it('lists every loopback origin of the port, own first, so no app reaches the UI by any name', () => {
    expect(loopbackOrigins(4100)).toEqual(['http://127.0.0.1:4100', 'http://localhost:4100', 'http://[::1]:4100']);
  });
});
