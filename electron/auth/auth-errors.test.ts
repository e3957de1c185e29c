import { describe, expect, it } from 'vitest';
import { flowError } from './auth-errors';

/** What openid-client throws when oauth4webapi's check of an answer fails: its code, the precise reason as cause. */
function clientError(code: string, reason: string): Error {
  return Object.assign(new Error('invalid response encountered', { cause: new Error(reason) }), { code });
}

describe('flowError: an authorization server answer that fails the protocol checks', () => {
  it.each([
    ['OAUTH_INVALID_RESPONSE', '"response" body "expires_in" property must be a non-negative number', 'while finishing the sign-in', 'token response'],
    ['OAUTH_INVALID_RESPONSE', '"response" body "interval" property must be a positive number', 'while asking for a device code', 'device authorization response'],
    ['OAUTH_UNSUPPORTED_OPERATION', 'unsupported JWS algorithm', 'while finishing the sign-in', 'token response'],
  ])('%s is the server\'s fault (server_unavailable)', (code, reason, during, what) => {
    const error = flowError('notes', clientError(code, reason), during);
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe(`The authorization server answered an invalid ${what} ${during}: ${reason}`);
    expect(error.data).toMatchObject({ server: 'notes', check: code });
  });

  it('leaves an error without such a code as it was (internal)', () => {
    expect(flowError('notes', new Error('something of ours'), 'while finishing the sign-in').code).toBe('internal');
  });
});

describe('flowError: a request that got no answer', () => {
  it('says which network failure, in words, for a token request whose connection was cut', () => {
    const cut = new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
    const error = flowError('notes', cut, 'while renewing its access token');
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('Could not reach the authorization server while renewing its access token (ECONNRESET): the connection was cut');
    expect(error.data).toMatchObject({ server: 'notes', network: 'ECONNRESET' });
  });

  it('keeps fetch\'s own words for a failure it has no meaning for', () => {
    const other = new TypeError('fetch failed', { cause: Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' }) });
    expect(flowError('notes', other, 'while finishing the sign-in').message).toBe('Could not reach the authorization server while finishing the sign-in: fetch failed: certificate has expired');
  });
});
