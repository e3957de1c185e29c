import { plainKeyNamed, secretHeaderNamed } from '../text';

/** Env names whose values are secrets (ARCHITECTURE: redaction everywhere). */
export const SECRET_NAME = /(TOKEN|KEY|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?)$/i;

/** A last word that says the variable holds something about a secret, not the secret (`TOKEN_URL`, `SECRET_NAME`). */
const ABOUT_A_SECRET = /_(?:URL|URI|ENDPOINT|NAME|ID|TYPE|FILE|PATH|DIR|HOST|PORT|HEADER|PREFIX|EXPIRY|EXPIRES|TTL|LENGTH|SCOPES?)$/i;

/**
 * An environment variable's name that holds a credential: `*_TOKEN`, `*_KEY`, `DB_PASS`, `PGPASS`,
 * `GITHUB_PAT`, `OPENAI_API_KEY_2`, and a credential's word inside the name (`SLACK_TOKEN_VALUE`).
 * One rule for what `import` and `servers add` move to the vault and what the redactor hides.
 */
export function secretNamed(name: string): boolean {
  const base = name.replace(/-/g, '_').replace(/_?\d+$/, '');
  if (SECRET_NAME.test(base) || /(?:^|_)PAT$|(?:^|_|PG)(?:PASS|PWD)$/i.test(base)) return true;
  return /(?:^|_)(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|APIKEY)_/i.test(base) && !ABOUT_A_SECRET.test(base);
}

/**
 * A signed URL's credential scope: the signing key's id and its date, region and service
 * (`X-Amz-Credential=AKIA…/20261201/us-east-1/s3/aws4_request`, Google's `X-Goog-Credential=` the same
 * with a service account's email). Kept readable, key id and all: the id names the key as a user name
 * does (AWS sends it in the clear in every Signature Version 4 request, and whoever is given the URL
 * holds it), it is what says whose key signed, and it grants nothing without the secret key, which
 * never travels; what grants is the signature and a session token beside it, both redacted.
 */
const SIGNING_SCOPES: ReadonlySet<string> = new Set(['x-amz-credential', 'x-goog-credential']);

/** Verdicts of names seen (every App API answer's keys are judged: the same few, over and over), bounded. */
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 1024;

/**
 * The one rule of which name holds a credential, wherever a name stands before its value: a header's
 * (`X-Api-Key: …`), a JSON member's (`"clientSecret": "…"`, a key of a value redacted whole) and an
 * assignment's (`DB_PASSWORD=…`). The header's rule read word by word, and an environment variable's
 * name (upper case, `_`) also as `import` reads it (`PGPASS`, `STRIPEKEY`), but for a key that says
 * what it keys (`X_CACHE_KEY`).
 */
export function credentialNamed(name: string): boolean {
  const known = verdicts.get(name);
  if (known !== undefined) return known;
  const secret = !SIGNING_SCOPES.has(name.toLowerCase()) && (secretHeaderNamed(name) || (/^[A-Z][A-Z0-9_]*$/.test(name) && secretNamed(name) && !plainKeyNamed(name)));
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(name, secret);
  return secret;
}

/**
 * A key of a value redacted whole (an audited call's arguments, an App API answer): credentialNamed,
 * and any name ending in a credential's word as an environment variable's does, in any case
 * (`encryptionkey`, `hmackey`, `sessionkey`: one lower-case word the header rule cannot split), but a
 * plain key (`publicKey`, `sortKey`) and a signing scope. A word that merely ends so (`monkey`) is hidden too.
 */
export function secretKeyNamed(name: string): boolean {
  return credentialNamed(name) || (SECRET_NAME.test(name) && !plainKeyNamed(name) && !SIGNING_SCOPES.has(name.toLowerCase()));
}
