import { describe, expect, it } from 'vitest';
import { CodedError } from '../errors';
import { refuseUnusableValue } from './usable-value';

describe('refuseUnusableValue', () => {
  it('refuses a NUL byte anywhere, saying why, never quoting the value', () => {
    for (const value of ['a\0b', '\0', 'token-0123456789\0']) {
      let caught: unknown;
      try {
        refuseUnusableValue(value);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(CodedError);
      expect(caught).toMatchObject({ code: 'invalid_input' });
      expect(String(caught)).toContain('cannot be passed to a server in an environment variable, an argument or a header');
      expect(JSON.stringify(caught)).not.toContain('token-0123456789');
    }
  });

  it('lets any other text by, lines and all', () => {
    for (const value of ['plain', 'line one\nline two', '-----BEGIN KEY-----\r\nabc\r\n', 'é ✓ \u0001']) expect(() => refuseUnusableValue(value)).not.toThrow();
  });
});
