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
