import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { flowError } from './auth-errors';
import { shownErrorUri } from './error-uri';
import { oauthErrorFields } from './oauth-error-fields';

/** What oauth4webapi throws for an error answer: ResponseBodyError copies `error` and `error_description`, the body is its cause. */
function answered(body: Record<string, string>): Error {
  return Object.assign(new Error('server responded with an error in the response body', { cause: body }), { error: body['error'], error_description: body['error_description'], status: 400 });
}

describe('an authorization server\'s error_uri (RFC 6749 §5.2)', () => {
  it('is shown only when it passes the URL check of the addresses handed to a browser', () => {
    expect(shownErrorUri('https://as.example/errors/invalid_client', 'public')).toBe('https://as.example/errors/invalid_client');
    expect(shownErrorUri('http://127.0.0.1:8080/errors', 'loopback')).toBe('http://127.0.0.1:8080/errors');
    for (const refused of ['http://as.example/errors', 'javascript:alert(1)', 'file:///etc/passwd', 'https://user:pw@as.example/', 'https://169.254.169.254/']) {
      expect({ refused, shown: shownErrorUri(refused, 'public') }).toEqual({ refused, shown: undefined });
    }
    // Closer than the server: a public server's authorization server names no page on this computer.
    expect(shownErrorUri('http://127.0.0.1:8080/errors', 'public')).toBeUndefined();
    expect(shownErrorUri(undefined, 'public')).toBeUndefined();
  });

  it('is not shown once the bound cut it short: a cut address leads elsewhere', () => {
    const long = oauthErrorFields({ error_uri: `https://as.example/${'a'.repeat(400)}` }).error_uri;
    expect(long?.endsWith('…')).toBe(true);
    expect(shownErrorUri(long, 'public')).toBeUndefined();
  });

  it('is the hint\'s last words and the error\'s data, where the server\'s error is shown', () => {
    const coded = flowError('notes', answered({ error: 'invalid_scope', error_description: 'No such scope', error_uri: 'https://as.example/e/scope' }), 'while finishing the sign-in');
    expect(coded).toBeInstanceOf(CodedError);
    expect(coded.hint).toBe('run `connected-services connect notes` (or press "Sign in with the browser" or "Sign in with a code" on its page in the app); the authorization server explains this error at https://as.example/e/scope');
    expect(coded.data).toMatchObject({ oauthError: 'invalid_scope', errorUri: 'https://as.example/e/scope' });
    const declined = flowError('notes', answered({ error: 'access_denied', error_uri: 'https://as.example/e/denied' }), 'while finishing the sign-in');
    expect(declined.hint).toContain('explains this error at https://as.example/e/denied');
  });

  it('is read from the redirect\'s parameters of an authorization error (AuthorizationResponseError)', () => {
    const cause = new URLSearchParams({ error: 'access_denied', error_uri: 'https://as.example/e/denied' });
    const coded = flowError('notes', Object.assign(new Error('authorization response from the server is an error', { cause }), { error: 'access_denied' }), 'while finishing the sign-in');
    expect(coded.data).toMatchObject({ errorUri: 'https://as.example/e/denied' });
  });

  it('leaves the hint as it was for an error page that fails the check', () => {
    const coded = flowError('notes', answered({ error: 'invalid_scope', error_uri: 'javascript:alert(1)' }), 'while finishing the sign-in');
    expect(coded.hint).toBe('run `connected-services connect notes` (or press "Sign in with the browser" or "Sign in with a code" on its page in the app)');
    expect(coded.data?.['errorUri']).toBeUndefined();
  });
});
