import { describe, expect, it } from 'vitest';
import { isOwnOrigin, ownOrigin } from './own-address';

describe('the UI’s own address', () => {
  it('is 127.0.0.1 with its port: no Origin (a program) or exactly that one passes', () => {
    expect(ownOrigin(4100)).toBe('http://127.0.0.1:4100');
    expect(isOwnOrigin(undefined, 4100)).toBe(true);
    expect(isOwnOrigin('http://127.0.0.1:4100', 4100)).toBe(true);
    for (const origin of ['http://localhost:4100', 'http://[::1]:4100', 'null', 'http://127.0.0.1:4101', 'https://127.0.0.1:4100', 'http://127.0.0.1:4100.evil.example']) {
      expect(isOwnOrigin(origin, 4100), origin).toBe(false);
    }
  });
});
