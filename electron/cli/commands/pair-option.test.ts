import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { optionPair } from './pair-option';

const refusal = (item: string): CodedError => {
  try {
    optionPair(item, /:\s*/, '--header');
  } catch (error) {
    if (error instanceof CodedError) return error;
  }
  throw new Error(`${item} was taken`);
};

describe('a --header that is not Name: value', () => {
  it('with a space and no colon takes its first word as the name, and never shows the rest', () => {
    const auth = refusal('Authorization Bearer x');
    expect(auth.hint).toContain("--header 'Authorization: Bearer ${secret:TOKEN}'");
    expect(`${auth.message} ${auth.hint ?? ''}`).not.toContain('Bearer x');
    const key = refusal('X-Api-Key abc');
    expect(key.hint).toMatch(/--header 'X-Api-Key: (VALUE|\$\{secret:TOKEN\})'/);
    expect(`${key.message} ${key.hint ?? ''}`).not.toContain('abc');
    expect(refusal('X-Trace on').hint).toContain("--header 'X-Trace: VALUE'");
  });

  it('with = before any colon is refused with a hint to write Name: value, not split inside ${secret:T}', () => {
    const equals = refusal('Authorization=Bearer ${secret:T}');
    expect(equals.message).toBe('--header takes NAME: VALUE, not "Authorization…" (its value not shown)');
    expect(equals.hint).toContain('A header has a colon between its name and value: --header \'Authorization: Bearer ${secret:TOKEN}\'');
    expect(refusal('X-Trace=on').hint).toContain("--header 'X-Trace: VALUE'");
    expect(optionPair('Cookie: a=b', /:\s*/, '--header')).toEqual(['Cookie', 'a=b']);
  });

  it('a name alone is shown as typed', () => {
    expect(refusal('Authorization').message).toBe('--header takes NAME: VALUE, not "Authorization"');
  });

  it('a credential alone (no name at all) is never repeated, in the message or the hint', () => {
    const token = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
    for (const flag of ['--header', '--env']) {
      let said = '';
      try {
        optionPair(token, flag === '--header' ? /:\s*/ : /=/, flag);
      } catch (error) {
        said = error instanceof CodedError ? `${error.message} ${error.hint ?? ''}` : String(error);
      }
      expect(said, flag).toContain('a value with no name (not shown');
      expect(said, flag).not.toContain(token);
    }
  });
});
