import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { CodedError } from '../../shared/errors';
import { SECRET_NAME } from '../../shared/redact';
import { findLiteralSecrets } from '../registry';

/** A vault name for the value, as `import` would choose it (SERVER_FIELD, upper case). */
function suggestedName(server: string, field: string): string {
  return `${server}_${field}`.toUpperCase().replace(/[^A-Z0-9_]+/g, '_').slice(0, 64);
}

/** A variable whose name says it holds a path (`GOOGLE_APPLICATION_CREDENTIALS`, `SSL_KEY_FILE`). */
const PATH_NAME = /(?:_FILE|_PATH|_DIR|_CREDENTIALS)$/i;

/**
 * A file's path (`GOOGLE_APPLICATION_CREDENTIALS=/home/me/sa.json`, `SSH_KEY=~/.ssh/id`) names a
 * secret, it is not one. `~/`, `./`, `../` are no base64; a value that begins with `/` may be base64,
 * so it is taken for a path only when the name says so or the file is there.
 */
function isPath(key: string, value: string): boolean {
  if (/^(?:~|\.{1,2})\//.test(value)) return true;
  if (!isAbsolute(value)) return false;
  return PATH_NAME.test(key) || existsSync(value);
}

/** Only `${secret:…}`/`${env:…}` references and plain text: a stray `${` is no reference. */
function onlyReferences(value: string): boolean {
  return value.includes('${') && !value.replace(/\$\{(?:secretFile|secret|env):[^}]+\}/g, '').includes('${');
}

/** A URL carrying a password (`postgres://app:pw@db/x`) is a secret in clear whatever the variable's name. */
function urlWithPassword(value: string): boolean {
  return URL.canParse(value) && new URL(value).password !== '';
}

/** What a shell leaves of an unquoted or double-quoted `${secret:NAME}`: nothing, or a scheme alone. */
function emptied(value: string): boolean {
  return /^\s*(?:(?:Bearer|Basic|Token|Bot)\s*)?$/i.test(value);
}

const QUOTE_HINT = "a shell replaces ${…} in double quotes or none: put the flag's value in single quotes, e.g. --env 'NAME=${secret:NAME}'";

/**
 * Refuses `--header` and `--env` values that are secrets in clear: `mcp.json` holds references only
 * (SECURITY.md, "nothing is written in clear"). Headers are judged as `import` judges them (an auth
 * header's name, or a token-like value); environment variables by a credential's name only
 * (`*_TOKEN`, `*_KEY`, …) and not a file's path, so an id or a path passed to a program is never taken for one. The value
 * is never repeated in the message.
 */
export function refuseLiteralSecrets(server: string, given: { headers?: Record<string, string>; env?: Record<string, string> }): void {
  const blank = [
    ...Object.entries(given.headers ?? {}).filter(([key]) => /^(?:authorization|proxy-authorization)$/i.test(key) || SECRET_NAME.test(key.replace(/-/g, '_'))).filter(([, value]) => emptied(value)).map(([key]) => ({ flag: '--header', key })),
    ...Object.entries(given.env ?? {}).filter(([key, value]) => SECRET_NAME.test(key) && value.trim() === '').map(([key]) => ({ flag: '--env', key })),
  ][0];
  if (blank !== undefined) {
    throw new CodedError('invalid_input', `${blank.flag} ${blank.key} has no value (or a scheme alone); if you typed a \${secret:…} reference, your shell replaced it with nothing, so it was not added`, { hint: QUOTE_HINT });
  }
  const found = [
    ...findLiteralSecrets(server, { type: 'http', url: 'http://127.0.0.1/', headers: given.headers ?? {} }).map((f) => ({ flag: '--header', key: f.field.slice('headers.'.length) })),
    ...Object.entries(given.env ?? {})
      .filter(([key, value]) => urlWithPassword(value) || (SECRET_NAME.test(key) && !onlyReferences(value) && !isPath(key, value)))
      .map(([key]) => ({ flag: '--env', key })),
  ];
  const first = found[0];
  if (first === undefined) return;
  const name = suggestedName(server, first.key);
  const scheme = first.flag === '--header' ? /^(Bearer|Basic|Token|Bot)\s/i.exec(given.headers?.[first.key] ?? '')?.[1] : undefined;
  const reference = `${scheme ? `${scheme} ` : ''}\${secret:${name}}`;
  // Worded so the output's redaction (which hides `Authorization: …` and `*_TOKEN=…`) leaves the reference readable.
  const example = `${first.flag} ${first.key} with the value ${reference} (in single quotes: a shell replaces \${…} in double quotes or none)`;
  throw new CodedError('invalid_input', `${first.flag} ${first.key} holds a secret in clear; mcp.json keeps only references to the vault, so it was not added`, {
    hint: `Store it first with \`connected-services secrets set ${name}\` (it asks for the value without echo), then give ${example}`,
  });
}
