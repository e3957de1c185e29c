import { describe, expect, it } from 'vitest';
import { basicCredentials, formEncode } from './client-auth';

describe('RFC 6749 Appendix B form encoding', () => {
  it.each([
    ['pre-registered-client', 'pre-registered-client'],
    ['1234-abc.apps.googleusercontent.com', '1234-abc.apps.googleusercontent.com'],
    ['a_b~c.d-e', 'a_b~c.d-e'],
    ['a+b', 'a%2Bb'],
    ['a b', 'a+b'],
    ['a/b:c', 'a%2Fb%3Ac'],
    ["!*'()", '%21%2A%27%28%29'],
    ['%', '%25'],
    // RFC 6749 Appendix B's own example.
    [' %&+£€', '+%25%26%2B%C2%A3%E2%82%AC'],
  ])('%s → %s', (input, encoded) => {
    expect(formEncode(input)).toBe(encoded);
  });

  it('builds Basic credentials from the encoded parts', () => {
    expect(basicCredentials('pre-registered-client', 's~cret')).toBe(`Basic ${Buffer.from('pre-registered-client:s~cret').toString('base64')}`);
  });
});
