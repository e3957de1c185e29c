import { secretParameterNamed } from './secret-parameter-names';

/*
 * A ULID that names a record in a URL's path (`/projects/01HZ…`, `/runs/run-01J9…`), told from a key
 * of the same shape. A false refusal only asks for the value to be stored as a secret, so anything in
 * doubt is a key.
 */

/** A ULID (26 characters of Crockford's base32, upper case), bare or after a short lower-case word. */
const ULID = /^(?:([a-z]{2,12})[_-])?([0-7][0-9A-HJKMNP-TV-Z]{25})$/;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The first ULID made (the spec's 2016) and how far ahead a clock may be trusted. */
const EARLIEST = Date.UTC(2016, 0, 1);
const AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * A word that names a credential, as a prefix (`token_`, `key-`, `whsec_`, `at_`, `jwt_`) or a collection
 * (`tokens`, `apikeys`, `nonces`). `access`, `client`, `sign`, `sec` and an environment (`prod`, `dev`,
 * `sandbox`) only as a whole word: `clients`, `sandboxes`, `products` and `devices` are collections of records.
 */
const CREDENTIAL_WORD =
  /^(?:sk|pk|rk|pw|pwd|pat|api|sig|at|rt|ak|sid)s?$|^(?:access|client|sign|sec|prod|dev|sandbox)$|^(?:key|tok|tkn|secret|auth|cred|pass|sess|bearer|whsec|priv|live|test|jwt|otp|hmac|csrf|nonce|refresh|oauth)|(?:key|token|secret|pass|passwd|cred)s?$/;

function credentialWord(word: string): boolean {
  return CREDENTIAL_WORD.test(word) || secretParameterNamed(word);
}

/** A collection's name (`projects`, `runs`, `workspaces`): a plural lower-case word of 3 letters or more, not one in "ss" (`access`, `address`). */
const COLLECTION = /^[a-z]+[a-rt-z]s$/;

/** Things whose ID is itself the credential: a hook's, an invite's or a share's URL, a grant's or a ticket's code. */
const BEARER_RECORDS = ['hook', 'webhook', 'invite', 'share', 'link', 'grant', 'code', 'ticket', 'signature'];

/**
 * Their collections (`/hooks/01HZ…`) and, as a prefix, the word itself in either number (`hook_01HZ…`,
 * `invites-01HZ…`), also as the end of a longer word, as CREDENTIAL_WORD's suffixes (`magiclink_01HZ…`,
 * `/invitecodes/01HZ…`). `linkage_` and `hooked_` end in none of them.
 */
const REFUSED_COLLECTION = new RegExp(`(?:${BEARER_RECORDS.join('|')})s$`);
const REFUSED_PREFIX = new RegExp(`(?:${BEARER_RECORDS.join('|')})s?$`);

function recordCollection(name: string | undefined): boolean {
  return name !== undefined && COLLECTION.test(name) && !REFUSED_COLLECTION.test(name) && !credentialWord(name);
}

/** The ULID's time: its first 10 characters, 48 bits of milliseconds since 1970 (ULID spec, "Encoding"). */
export function ulidTime(ulid: string): number {
  let ms = 0;
  for (const char of ulid.slice(0, 10)) ms = ms * 32 + CROCKFORD.indexOf(char);
  return ms;
}

/**
 * Whether a path segment is a ULID that names a record: after a word that is no credential's and
 * names nothing whose ID is the credential (`proj_01HZ…`, not `hook_01HZ…`), or bare right after a collection's name (`/projects/01HZ…`), with a time between
 * 2016 and a year past `now`. A random string of the same alphabet rarely decodes to such a time.
 */
export function ulidRecordId(segment: string, before: string | undefined, now: number): boolean {
  const match = ULID.exec(segment);
  if (match === null) return false;
  const [, word, ulid = ''] = match;
  const time = ulidTime(ulid);
  if (time < EARLIEST || time > now + AHEAD_MS) return false;
  if (word !== undefined) return !credentialWord(word) && !REFUSED_PREFIX.test(word);
  return recordCollection(before);
}
