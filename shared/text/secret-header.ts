/*
 * Whether an HTTP header's name says its value is a credential, read word by word: `X-Api-Pass`,
 * `Private-Token`, `Ocp-Apim-Subscription-Key`, `xAuthToken` each hold a credential's word, which a
 * fixed list of names misses and a bare substring over-reads (`X-Monkey`, `X-Keyboard`).
 */

/** Words that name a credential wherever they stand. */
const CREDENTIAL_WORDS = new Set([
  'auth', 'authorization', 'authentication', 'authn', 'bearer', 'cookie', 'cookies', 'credential', 'credentials', 'creds',
  'apikey', 'password', 'passwd', 'passphrase', 'passcode', 'pwd', 'secret', 'token', 'jwt',
]);

/** Words that name a credential as the last word only (`X-Api-Pass`, not `X-Pass-Through`; `X-Key`, not `X-Key-Id`). */
const LAST_WORDS = new Set(['key', 'pass', 'pat', 'pin', 'sid', 'session']);

/** Before a last word `key`, what makes it a plain value (`Idempotency-Key`, `X-Cache-Key`). */
const PLAIN_KEY_QUALIFIERS = new Set(['idempotency', 'cache', 'public', 'routing', 'partition', 'sort', 'dedup', 'dedupe', 'lookup', 'primary', 'foreign', 'object']);

/** One word made of two (`APIKEY`, `AuthToken` written as one, `accesskey`): a credential's word at its end. */
const JOINED = /(?:token|secret|password|passwd|passphrase|cookie|credentials?|(?:api|access|auth|secret|private|app|client|user|dev|license|master|subscription|service|account|signing)key)$/;

/**
 * A last word that says the header names or describes a credential without holding it
 * (`X-Token-Type`, `X-Api-Key-Id`, `X-Auth-Email`, `X-Session-Expires`; a JSON member's `tokenCount`,
 * `passwordPolicy`: a number of tokens, the rule a password must meet).
 */
const ABOUT_A_CREDENTIAL = new Set([
  'id', 'ids', 'type', 'name', 'email', 'user', 'username', 'login', 'account', 'url', 'uri', 'endpoint', 'host', 'realm', 'scheme', 'method',
  'version', 'expires', 'expiry', 'expiration', 'ttl', 'age', 'header', 'prefix', 'hint', 'format', 'length', 'scope', 'scopes', 'mode', 'required',
  'count', 'limit', 'policy',
]);

/** The words of a header's name: split at `-`, `_`, `.`, spaces and camelCase, in lower case. */
export function headerNameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
}

/** A credential's header by its name (RFC 9110 §11.6.2 `Authorization`, RFC 6265 `Cookie`, and the services' own). */
export function secretHeaderNamed(name: string): boolean {
  const words = headerNameWords(name);
  const last = words.at(-1);
  if (last === undefined) return false;
  const credential = (word: string) => CREDENTIAL_WORDS.has(word) || JOINED.test(word);
  if (credential(last)) return true;
  if (LAST_WORDS.has(last)) return !(last === 'key' && PLAIN_KEY_QUALIFIERS.has(words.at(-2) ?? ''));
  return words.some(credential) && !ABOUT_A_CREDENTIAL.has(last);
}

/** A key that says what it keys and is no credential (`X-Cache-Key`, `PUBLIC_KEY`, `Idempotency-Key`). */
export function plainKeyNamed(name: string): boolean {
  const words = headerNameWords(name);
  return words.at(-1) === 'key' && PLAIN_KEY_QUALIFIERS.has(words.at(-2) ?? '');
}
