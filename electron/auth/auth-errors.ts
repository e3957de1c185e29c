import { APP_SIGN_IN, APP_SIGN_IN_CODE, appClientSecret, CodedError, errorMessage, type ErrorCode } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { errorChain, errorCode, networkFailure, type Reach } from '../net';
import { shownErrorUri } from './error-uri';
import { failedCheck, type FailedCheck } from './failed-check';
import { answerName, type During } from './flow-steps';
import { cutOffError } from './http';
import { OAUTH_ERROR_BOUNDS, oauthErrorFields, oneLine } from './oauth-error-fields';

export function connectHint(server: string): string {
  return `run \`connected-services connect ${server}\` (or ${APP_SIGN_IN})`;
}

/** An expired device code (RFC 8628 §3.5 expired_token): the way out is a new code, not the old one again. */
export function newCodeHint(server: string): string {
  return `Start again for a new code: run \`connected-services connect ${server} --device\` (or ${APP_SIGN_IN_CODE})`;
}

/**
 * The token endpoint refused the client itself (RFC 6749 §5.2 invalid_client, unauthorized_client) in a
 * client credentials grant: signing in again sends the same ID and secret, so the fix is to change them.
 * `secret`: the vault secret the entry's clientSecret names, when it names one.
 */
export function clientRefused(server: string, error: CodedError, secret: string | undefined): CodedError {
  const code = error.data?.['oauthError'];
  if (code !== 'invalid_client' && code !== 'unauthorized_client') return error;
  const set = `run \`connected-services secrets set ${secret ?? 'NAME'}\`${secret === undefined ? ' for the secret its "clientSecret" names' : ''}`;
  const page = typeof error.data?.['errorUri'] === 'string' ? `; the authorization server explains this error at ${error.data['errorUri']}` : '';
  return new CodedError('auth_required', `The client ID or client secret of "${server}" was refused: ${error.message}`, {
    // No full stop after an address: it would read as part of it.
    hint: `Replace the client secret: ${set} (or ${appClientSecret(secret)})${page === '' ? '.' : page}`,
    data: { ...error.data, server },
  });
}

/** The error of every call that cannot get a valid token. */
export function authRequired(server: string, reason: string, data: Record<string, unknown> = {}): CodedError {
  // No "Authorization:" in the text: the redactor takes a capitalized credential name before a colon for a header and would hide the reason.
  return new CodedError('auth_required', redact(`"${server}" needs authorization (${reason}).`), {
    hint: connectHint(server),
    data: { server, reason: redact(reason), ...data },
  });
}

/**
 * An error an authorization server's answer ends a flow with (a refresh's `invalid_grant`, RFC 6749
 * §5.2; a device code's `access_denied` or `expired_token`, RFC 8628 §3.5): its hint names the
 * server's page about the error as flowError's does, when it passes the same URL check.
 */
export function serverRefusal(code: ErrorCode, message: string, server: string, info: OAuthErrorInfo, reach: Reach, data: Record<string, unknown> = {}, base = connectHint(server)): CodedError {
  const page: Record<string, unknown> = {};
  const hint = oauthErrorHint(info, reach, page, base);
  return new CodedError(code, message, { hint, data: { ...data, ...page } });
}

/** authRequired for an authorization server's refusal, with its page about the error (serverRefusal). */
export function refusedAuth(server: string, reason: string, info: OAuthErrorInfo, reach: Reach, data: Record<string, unknown> = {}): CodedError {
  const plain = authRequired(server, reason, data);
  return serverRefusal('auth_required', plain.message, server, info, reach, plain.data);
}

export interface OAuthErrorInfo {
  /** The OAuth `error` code (`invalid_grant`, `invalid_client`, `slow_down`, …). */
  error?: string;
  description?: string;
  /** The `error_uri` as the server sent it, bounded; shownErrorUri decides whether it is shown. */
  uri?: string;
  status?: number;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** The first CodedError in the cause chain (a few levels deep). */
function codedCause(error: unknown): CodedError | undefined {
  let cause = field(error, 'cause');
  for (let depth = 0; depth < 4 && cause !== undefined; depth++) {
    if (cause instanceof CodedError) return cause;
    cause = field(cause, 'cause');
  }
  return undefined;
}

/** The bounded `error_uri` of a parsed body or a redirect's parameters. */
function errorUriOf(source: unknown): string | undefined {
  const value = source instanceof URLSearchParams ? source.get('error_uri') : field(source, 'error_uri');
  return oauthErrorFields({ error_uri: value }).error_uri;
}

/**
 * The OAuth error inside what openid-client throws: ResponseBodyError and AuthorizationResponseError carry
 * `error`; WWWAuthenticateChallengeError (a 401 from the token endpoint) carries it in its challenges.
 * Every field is bounded to one printable line (oauth-error-fields.ts): the server chooses them.
 */
export function oauthErrorOf(error: unknown): OAuthErrorInfo {
  const info: OAuthErrorInfo = {};
  const fields = oauthErrorFields(error);
  if (fields.error !== undefined) info.error = fields.error;
  if (fields.error_description !== undefined) info.description = fields.error_description;
  // oauth4webapi keeps no `error_uri` of its own: it is in the body (ResponseBodyError) or the
  // redirect's parameters (AuthorizationResponseError), the error's `cause`.
  const uri = fields.error_uri ?? errorUriOf(field(error, 'cause'));
  if (uri !== undefined) info.uri = uri;
  const status = field(error, 'status');
  if (typeof status === 'number') info.status = status;
  const cause = field(error, 'cause');
  if (info.error === undefined && Array.isArray(cause)) {
    for (const challenge of cause.slice(0, 8)) {
      const inner = oauthErrorFields(field(challenge, 'parameters'));
      if (inner.error !== undefined) {
        info.error = inner.error;
        if (inner.error_uri !== undefined) info.uri = inner.error_uri;
        break;
      }
    }
  }
  return info;
}

export function isInvalidClient(error: unknown): boolean {
  if (error instanceof CodedError) return error.data?.['oauthError'] === 'invalid_client';
  return oauthErrorOf(error).error === 'invalid_client';
}

function message(error: unknown): string {
  return errorMessage(error);
}

/**
 * The hint of an authorization server's error: how to sign in again and, when the server named a
 * page about the error that passes the URL check, where to read about it (`data.errorUri` for the app).
 */
function oauthErrorHint(info: OAuthErrorInfo, reach: Reach, data: Record<string, unknown>, base: string): string {
  const uri = shownErrorUri(info.uri, reach);
  if (uri === undefined) return base;
  data['errorUri'] = redact(uri);
  return `${base}; the authorization server explains this error at ${redact(uri)}`;
}

/**
 * What went wrong in a flow or grant, as a CodedError people can act on (secrets redacted). `reach`:
 * the server's, no closer than which an error page the authorization server names is shown.
 */
export function flowError(server: string, error: unknown, during: During, reach: Reach = 'public'): CodedError {
  if (error instanceof CodedError) return error;
  // Our own refusals (an endpoint's address, a timeout, an answer past the size bound) thrown inside
  // openid-client's customFetch or its body read, which it wraps once or twice.
  const ours = codedCause(error);
  if (ours !== undefined) return ours;
  const info = oauthErrorOf(error);
  // openid-client wraps oauth4webapi's precise message ("unexpected "state" …") in its cause.
  const inner = field(error, 'cause');
  // Bounded as the fields are: a parse error's message quotes the start of the server's answer.
  const text = oneLine(inner instanceof Error ? `${message(error)}: ${inner.message}` : message(error), OAUTH_ERROR_BOUNDS.text);
  const data: Record<string, unknown> = { server };
  if (info.error !== undefined) data['oauthError'] = info.error;
  const detail = info.description ? `: ${info.description}` : '';
  if (info.error === 'access_denied') {
    return new CodedError('denied', redact(`Sign-in to "${server}" was declined${detail}.`), { hint: oauthErrorHint(info, reach, data, connectHint(server)), data });
  }
  if (info.error !== undefined) {
    return new CodedError('auth_required', redact(`The authorization server answered ${info.error}${detail} ${during}.`), { hint: oauthErrorHint(info, reach, data, connectHint(server)), data });
  }
  // RFC 9207, RFC 6749 §10.12 and ID Token checks made by openid-client.
  const failed = failedCheck(error);
  if (failed?.check === 'state') {
    return new CodedError('denied', `The sign-in response for "${server}" did not belong to this sign-in (state mismatch) and was refused; nothing was stored.`, {
      hint: connectHint(server),
      data: { ...data, check: 'state' },
    });
  }
  if (failed?.check === 'iss') {
    return new CodedError(
      'denied',
      failed.missing
        ? `The sign-in response for "${server}" did not name its issuer (iss), which its authorization server promises (RFC 9207); refused, nothing was stored.`
        : `The sign-in response for "${server}" came from another issuer than expected (iss mismatch, RFC 9207); refused, nothing was stored.`,
      { hint: connectHint(server), data: { ...data, check: 'iss' } },
    );
  }
  if (failed?.check === 'id_token') return idTokenMismatch(server, failed, during, data);
  const cutError = cutOffError(inner);
  if (cutError !== undefined) return cutError;
  // Before the answer's checks: an answer cut by the network fails them too ("failed to parse"), for no fault of the server's words.
  const known = networkFailure(error);
  if (known !== undefined && readingAnswer(error)) {
    // The answer began (its status and headers came) and its body stopped short: the server was reached.
    return new CodedError('server_unavailable', redact(`${during.charAt(0).toUpperCase()}${during.slice(1)}, the authorization server's ${answerName(during)} was cut off before it ended (${known.code}: ${known.meaning}).`), {
      hint: 'Check the network and try again.',
      data: { ...data, network: known.code },
    });
  }
  if (known !== undefined) {
    return new CodedError('server_unavailable', redact(`Could not reach the authorization server ${during} (${known.code}): ${known.meaning}`), {
      hint: 'Check the network and try again.',
      data: { ...data, network: known.code },
    });
  }
  const invalid = invalidAnswer(server, error, inner, during, data);
  if (invalid !== undefined) return invalid;
  const causeCode = field(inner, 'code');
  const network = typeof causeCode === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(causeCode) ? causeCode : undefined;
  if ((error instanceof TypeError && /fetch failed/i.test(text)) || network !== undefined) {
    return new CodedError('server_unavailable', redact(`Could not reach the authorization server ${during}: ${text}`), {
      hint: 'Check the network and try again.',
      data,
    });
  }
  return new CodedError('internal', redact(`Signing in to "${server}" failed ${during}: ${text}`), { hint: connectHint(server), data });
}

/** oauth4webapi failed to read the body of an answer (getResponseJsonBody's OAUTH_PARSE_ERROR) rather than to send the request. */
function readingAnswer(error: unknown): boolean {
  return errorChain(error).some((e) => errorCode(e) === 'OAUTH_PARSE_ERROR');
}

/**
 * oauth4webapi's checks of what the authorization server answered (RFC 6749 §5.1, RFC 8628 §3.2, an
 * ID Token's signature and claims): their failure is the server's fault, not a defect of ours.
 */
const INVALID_ANSWER_CODES = new Set([
  'OAUTH_INVALID_RESPONSE',
  'OAUTH_PARSE_ERROR',
  'OAUTH_RESPONSE_IS_NOT_JSON',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
  'OAUTH_UNSUPPORTED_OPERATION',
]);

function misbehaves(server: string): string {
  return `The authorization server of "${server}" misbehaves; try again later or contact its operator.`;
}

const CLAIM_NAMES: Record<string, string> = { iss: 'issuer', aud: 'audience', sub: 'subject', azp: 'authorized party', exp: 'expiration time', iat: 'issued at', nbf: 'not before' };

/** OpenID Connect Core §3.1.3.7 (§12.2 for a refresh): the ID Token of a token response failed a check of one claim. */
function idTokenMismatch(server: string, failed: Extract<FailedCheck, { check: 'id_token' }>, during: string, data: Record<string, unknown>): CodedError {
  const named = CLAIM_NAMES[failed.claim];
  const claim = `"${failed.claim}"${named === undefined ? '' : ` (${named})`} claim`;
  const what = {
    value: failed.claim === 'iss' ? `its ${claim} named another issuer than the authorization server's` : `its ${claim} was not the one expected`,
    missing: `it had no ${claim}`,
    type: `its ${claim} was not of the expected type`,
    time: `its ${claim} was outside the time accepted`,
  }[failed.failure];
  return new CodedError('server_unavailable', `The ID Token the authorization server answered ${during} did not match: ${what} (OpenID Connect Core §3.1.3.7).`, {
    hint: misbehaves(server),
    data: { ...data, check: 'id_token', claim: failed.claim },
  });
}

function invalidAnswer(server: string, error: unknown, inner: unknown, during: string, data: Record<string, unknown>): CodedError | undefined {
  const code = field(error, 'code');
  if (typeof code !== 'string' || !INVALID_ANSWER_CODES.has(code)) return undefined;
  const why = oneLine(inner instanceof Error ? inner.message : message(error), OAUTH_ERROR_BOUNDS.text);
  return new CodedError('server_unavailable', redact(`The authorization server answered an invalid ${answerName(during)} ${during}: ${why}`), {
    hint: misbehaves(server),
    data: { ...data, check: code },
  });
}
