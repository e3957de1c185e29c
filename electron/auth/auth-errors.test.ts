import { describe, expect, it } from 'vitest';
import { flowError } from './auth-errors';
import { DURING, type During } from './flow-steps';

/** What openid-client throws when oauth4webapi's check of an answer fails: its code, the precise reason as cause. */
function clientError(code: string, reason: string): Error {
  return Object.assign(new Error('invalid response encountered', { cause: new Error(reason) }), { code });
}

describe('flowError: an authorization server answer that fails the protocol checks', () => {
  it.each<[string, string, During, string]>([
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
    const error = flowError('notes', cut, DURING.refresh);
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('Could not reach the authorization server while refreshing the token (ECONNRESET): the connection was cut');
    expect(error.data).toMatchObject({ server: 'notes', network: 'ECONNRESET' });
  });

  it('says the answer was cut off when its body stopped short, not that the server could not be reached', () => {
    const socket = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    const parse = Object.assign(new Error('failed to parse "response" body as JSON', { cause: new TypeError('terminated', { cause: socket }) }), { code: 'OAUTH_PARSE_ERROR' });
    const error = flowError('notes', Object.assign(new Error('parsing error occured', { cause: parse }), { code: 'OAUTH_PARSE_ERROR' }), 'while asking for a device code');
    expect(error).toMatchObject({ code: 'server_unavailable', hint: 'Check the network and try again.', data: { server: 'notes', network: 'UND_ERR_SOCKET' } });
    expect(error.message).toBe("While asking for a device code, the authorization server's device authorization response was cut off before it ended (UND_ERR_SOCKET: the connection was cut).");
  });

  it('keeps fetch\'s own words for a failure it has no meaning for', () => {
    const other = new TypeError('fetch failed', { cause: Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' }) });
    expect(flowError('notes', other, 'while finishing the sign-in').message).toBe('Could not reach the authorization server while finishing the sign-in: fetch failed: certificate has expired');
  });
});

/** openid-client's error around oauth4webapi's: the check's code, exact message and the fields it attaches. */
function checkFailed(code: string, reason: string, fields: Record<string, unknown>): Error {
  const cause = Object.assign(new Error(reason, { cause: fields }), { code });
  return Object.assign(new Error('invalid response encountered', { cause }), { code });
}

describe('flowError: which check failed is told by the check, not by words in the text', () => {
  const parameters = new URLSearchParams({ code: 'c' });
  const claims = { sub: 'someone' };

  it.each([
    ['response parameter "iss" (issuer) missing', 'did not name its issuer (iss)'],
    ['unexpected "iss" (issuer) response parameter value', 'iss mismatch, RFC 9207'],
  ])('a redirect failing RFC 9207 (%s) is refused as such', (reason, said) => {
    const error = flowError('notes', checkFailed('OAUTH_INVALID_RESPONSE', reason, { parameters }), 'while finishing the sign-in');
    expect(error).toMatchObject({ code: 'denied', data: { check: 'iss' } });
    expect(error.message).toContain(said);
  });

  it('a redirect of another sign-in is a state mismatch', () => {
    const error = flowError('notes', checkFailed('OAUTH_INVALID_RESPONSE', 'response parameter "state" missing', { parameters }), 'while finishing the sign-in');
    expect(error).toMatchObject({ code: 'denied', data: { check: 'state' } });
  });

  it.each([
    ['"iss" parameter must be provided only once', 'iss'],
    ['"state" parameter must be provided only once', 'state'],
  ])('a redirect naming one twice (%s) is refused as that check', (reason, check) => {
    const twice = Object.assign(new Error('invalid response encountered', { cause: Object.assign(new Error(reason), { code: 'OAUTH_INVALID_RESPONSE' }) }), { code: 'OAUTH_INVALID_RESPONSE' });
    expect(flowError('notes', twice, 'while finishing the sign-in')).toMatchObject({ code: 'denied', data: { check } });
  });

  it.each([
    ['OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'unexpected JWT "iss" (issuer) claim value', { expected: 'https://as.example', claims, claim: 'iss' }, 'its "iss" (issuer) claim named another issuer than the authorization server\'s'],
    ['OAUTH_INVALID_RESPONSE', 'JWT "iss" (issuer) claim missing', { claims }, 'it had no "iss" (issuer) claim'],
    ['OAUTH_INVALID_RESPONSE', 'unexpected JWT "iss" (issuer) claim type', { claims }, 'its "iss" (issuer) claim was not of the expected type'],
    ['OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'unexpected ID Token "nonce" claim value', { expected: 'n', claims, claim: 'nonce' }, 'its "nonce" claim was not the one expected'],
    ['OAUTH_JWT_TIMESTAMP_CHECK_FAILED', 'unexpected JWT "exp" (expiration time) claim value, expiration is past current timestamp', { claims, now: 1, claim: 'exp' }, 'its "exp" (expiration time) claim was outside the time accepted'],
  ])('an ID Token failing %s (%s) is no redirect check: the claim is named', (code, reason, fields, said) => {
    const error = flowError('notes', checkFailed(code, reason, fields), 'while finishing the sign-in');
    expect(error).toMatchObject({ code: 'server_unavailable', data: { server: 'notes', check: 'id_token' } });
    expect(error.message).toBe(`The ID Token the authorization server answered while finishing the sign-in did not match: ${said} (OpenID Connect Core §3.1.3.7).`);
  });

  it('does not take "iss" or "state" inside other words, or quoted in other errors, for those checks', () => {
    for (const text of ['the permission is missing', 'the "iss" of the cached key is missing', 'no "state" directory']) {
      expect(flowError('notes', new Error(text), 'while refreshing the token')).toMatchObject({ code: 'internal' });
    }
    // A check of another kind that names "iss" in its message: not the redirect's.
    const metadata = checkFailed('OAUTH_INVALID_RESPONSE', 'response parameter "iss" (issuer) missing', { body: {} });
    expect(flowError('notes', metadata, 'while refreshing the token').data).not.toMatchObject({ check: 'iss' });
  });
});
