import { describe, expect, it } from 'vitest';
import { isBearer, unsupportedTokenType } from './token-type';

describe('token types', () => {
  it('compares them case-insensitively (RFC 6749 §7.1), a missing one meaning Bearer', () => {
    for (const type of ['Bearer', 'bearer', 'BEARER', undefined]) expect(isBearer(type)).toBe(true);
    for (const type of ['DPoP', 'dpop', 'DPOP', 'mac', '']) expect(isBearer(type)).toBe(false);
  });

  it('names DPoP and any other type without letting the server write the message', () => {
    expect(unsupportedTokenType('remote', 'dPoP').data).toMatchObject({ unsupported: 'dpop' });
    const odd = unsupportedTokenType('remote', `mac\n${'x'.repeat(100)}`);
    expect(odd.data).toMatchObject({ unsupported: 'token_type' });
    expect(odd.message).not.toContain('\n');
    expect(odd.message).not.toContain('x'.repeat(40));
  });
});
