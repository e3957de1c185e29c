/**
 * Which of oauth4webapi's checks of an answer failed, told by its error code, its exact message and the
 * fields it attaches, never by words found anywhere in the text: a message naming "iss" or "missing"
 * for another reason (another claim, the server's own words) is no redirect's issuer check.
 */
export type FailedCheck =
  /** RFC 6749 §10.12: the redirect's `state` is not this sign-in's. */
  | { check: 'state' }
  /** RFC 9207 §2.4: the redirect's `iss` names another issuer, or none where the server promises one. */
  | { check: 'iss'; missing: boolean }
  /** OpenID Connect Core §3.1.3.7, §12.2: a claim of the ID Token in a token response. */
  | { check: 'id_token'; claim: string; failure: 'value' | 'missing' | 'type' | 'time' };

const STATE_MESSAGES = new Set(['unexpected "state" response parameter encountered', 'response parameter "state" missing', 'unexpected "state" response parameter value']);
const ISS_MISSING = 'response parameter "iss" (issuer) missing';
const ISS_WRONG = 'unexpected "iss" (issuer) response parameter value';
const ISS_TWICE = '"iss" parameter must be provided only once';
const STATE_TWICE = '"state" parameter must be provided only once';
const CLAIM_MISSING = /^JWT "([a-z_]{1,20})" \([a-z ]{1,40}\) claim missing$/;
const CLAIM_TYPE = /^unexpected JWT "([a-z_]{1,20})" \([a-z ]{1,40}\) claim type$/;
const CLAIM_NAME = /^[a-z_]{1,20}$/;

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** oauth4webapi's own error: what openid-client throws, or its cause (openid-client wraps most once). */
function checkError(error: unknown): { code: string; message: string; cause: unknown } | undefined {
  for (const candidate of [field(error, 'cause'), error]) {
    const code = field(candidate, 'code');
    if (candidate instanceof Error && typeof code === 'string' && code.startsWith('OAUTH_')) return { code, message: candidate.message, cause: candidate.cause };
  }
  return undefined;
}

/** The failed check of an error openid-client threw, when it is one of these. */
export function failedCheck(error: unknown): FailedCheck | undefined {
  const found = checkError(error);
  if (found === undefined) return undefined;
  const { code, message, cause } = found;
  const claim = field(cause, 'claim');
  // A redirect naming its issuer or state twice (getURLSearchParameter): neither can be told to match.
  if (code === 'OAUTH_INVALID_RESPONSE' && message === ISS_TWICE) return { check: 'iss', missing: false };
  if (code === 'OAUTH_INVALID_RESPONSE' && message === STATE_TWICE) return { check: 'state' };
  if (code === 'OAUTH_INVALID_RESPONSE' && field(cause, 'parameters') instanceof URLSearchParams) {
    if (STATE_MESSAGES.has(message)) return { check: 'state' };
    if (message === ISS_MISSING || message === ISS_WRONG) return { check: 'iss', missing: message === ISS_MISSING };
    return undefined;
  }
  // Claim checks carry the claims they looked at; a DPoP proof's (not an ID Token's) carries none.
  if (typeof field(cause, 'claims') !== 'object') return undefined;
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && typeof claim === 'string' && CLAIM_NAME.test(claim)) return { check: 'id_token', claim, failure: 'value' };
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' && typeof claim === 'string' && CLAIM_NAME.test(claim)) return { check: 'id_token', claim, failure: 'time' };
  if (code !== 'OAUTH_INVALID_RESPONSE') return undefined;
  const missing = CLAIM_MISSING.exec(message)?.[1];
  if (missing !== undefined) return { check: 'id_token', claim: missing, failure: 'missing' };
  const typed = CLAIM_TYPE.exec(message)?.[1];
  return typed === undefined ? undefined : { check: 'id_token', claim: typed, failure: 'type' };
}
