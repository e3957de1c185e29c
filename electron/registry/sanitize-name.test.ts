import { describe, expect, it } from 'vitest';
import { SERVER_NAME } from '../../shared/config';
import { sanitizeServerName } from './sanitize-name';

describe('sanitizeServerName', () => {
  it('keeps names that already follow the rule', () => {
    expect(sanitizeServerName('github')).toBe('github');
    expect(sanitizeServerName('my_server-2')).toBe('my_server-2');
  });

  it('replaces other characters with single dashes', () => {
    expect(sanitizeServerName('Brave Search')).toBe('Brave-Search');
    expect(sanitizeServerName('my.local server')).toBe('my-local-server');
    expect(sanitizeServerName('@scope/pkg  v2')).toBe('scope-pkg-v2');
    expect(sanitizeServerName('Café Übersicht')).toBe('Cafe-Ubersicht');
  });

  it('starts with a letter or digit and fits in 48 characters', () => {
    expect(sanitizeServerName('__private')).toBe('private');
    const long = sanitizeServerName(`${'a'.repeat(47)} b c`);
    expect(long.length).toBeLessThanOrEqual(48);
    expect(long).toBe('a'.repeat(47));
  });

  it('never returns a name holding `__` or ending in `_`: `__` separates a server from its tools on the bridge', () => {
    expect(sanitizeServerName('a__x')).toBe('a-x');
    expect(sanitizeServerName('a___x__')).toBe('a-x');
    expect(sanitizeServerName('team_')).toBe('team');
    expect(sanitizeServerName('a_b')).toBe('a_b');
  });

  it('falls back to "server" when nothing usable is left', () => {
    expect(sanitizeServerName('日本語')).toBe('server');
    expect(sanitizeServerName('')).toBe('server');
  });

  it('always returns a valid name', () => {
    for (const name of ['--', '  x  ', 'a'.repeat(100), 'ü', '1', 'x/'.repeat(30)]) {
      expect(sanitizeServerName(name)).toMatch(SERVER_NAME);
    }
  });
});
