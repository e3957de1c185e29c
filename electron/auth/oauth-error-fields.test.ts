import { describe, expect, it } from 'vitest';
import { flowError, oauthErrorOf } from './auth-errors';
import { OAUTH_ERROR_BOUNDS, oauthErrorFields, oneLine } from './oauth-error-fields';
import { parseBearerChallenge } from './www-authenticate';
import { DURING } from './flow-steps';

const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mAccess\r\ndenied\u202e\u200b' + 'x'.repeat(2_000_000);

describe('an authorization server\'s error, bounded to one printable line', () => {
  it('drops controls, escapes, bidi and line breaks, and cuts what is too long', () => {
    expect(oneLine('bad\u001b[31m  grant\r\nnext\tline', 100)).toBe('bad [31m grant next line');
    expect(oneLine('  plain words  ', 100)).toBe('plain words');
    expect(oneLine('abcdef', 4)).toBe('abc…');
    // A cut never leaves half a surrogate pair.
    expect(oneLine('ab😀😀😀', 3)).toBe('ab…');
    const shown = oneLine(HOSTILE, OAUTH_ERROR_BOUNDS.description);
    expect(Array.from(shown).length).toBeLessThanOrEqual(OAUTH_ERROR_BOUNDS.description);
    expect(shown).toMatch(/^[\x20-\x7e…]+$/);
    expect(shown.endsWith('…')).toBe(true);
  });

  it('reads error, error_description and error_uri of anything, none of what is no string', () => {
    expect(oauthErrorFields({ error: 'invalid_grant', error_description: 'Code\nexpired', error_uri: 'https://as.example/e' })).toEqual({ error: 'invalid_grant', error_description: 'Code expired', error_uri: 'https://as.example/e' });
    expect(oauthErrorFields({ error: 42, error_description: ['x'], error_uri: '\u0000\u001b' })).toEqual({});
    expect(oauthErrorFields('invalid_grant')).toEqual({});
    expect(oauthErrorFields({ error: 'x'.repeat(1000) }).error).toHaveLength(OAUTH_ERROR_BOUNDS.error);
  });

  it('is what a flow\'s error says: one bounded line, the code still compared', () => {
    const thrown = Object.assign(new Error('server responded with an error in the response body'), { error: 'invalid_grant\u001b[2J', error_description: HOSTILE, status: 400 });
    expect(oauthErrorOf(thrown).error).toBe('invalid_grant [2J');
    const coded = flowError('notes', thrown, DURING.signIn);
    expect(coded.message).not.toMatch(/[\p{Cc}\u202e\u200b]/u);
    expect(coded.message.length).toBeLessThan(OAUTH_ERROR_BOUNDS.error + OAUTH_ERROR_BOUNDS.description + 200);
    expect(coded.message).toContain('Access denied');
    const plain = Object.assign(new Error('x'), { error: 'access_denied', error_description: 'The person said no' });
    expect(flowError('notes', plain, DURING.signIn).message).toBe('Sign-in to "notes" was declined: The person said no.');
  });

  it('bounds a challenge\'s error and description, and the error inside a 401\'s challenges', () => {
    const challenge = parseBearerChallenge(`Bearer error="invalid_token", error_description="${'\u001b[31m'.repeat(2) + 'y'.repeat(5000)}"`);
    expect(challenge?.error).toBe('invalid_token');
    expect(Array.from(challenge?.errorDescription ?? '').length).toBe(OAUTH_ERROR_BOUNDS.description);
    expect(challenge?.errorDescription).not.toContain('\u001b');
    const thrown = Object.assign(new Error('challenge'), { cause: [{ parameters: { error: 'invalid_client\r\nX: 1' } }] });
    expect(oauthErrorOf(thrown).error).toBe('invalid_client X: 1');
  });
});
