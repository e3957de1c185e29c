import { isAbsolute } from 'node:path';
import { CodedError } from '../../shared/errors';
import { SECRET_NAME } from '../../shared/redact';
import { findLiteralSecrets } from '../registry';

/** A vault name for the value, as `import` would choose it (SERVER_FIELD, upper case). */
function suggestedName(server: string, field: string): string {
  return `${server}_${field}`.toUpperCase().replace(/[^A-Z0-9_]+/g, '_').slice(0, 64);
}

/** A file's path (`GOOGLE_APPLICATION_CREDENTIALS=/home/me/sa.json`) names a secret, it is not one. */
function isPath(value: string): boolean {
  return isAbsolute(value) || /^~?\.{0,2}[\\/]/.test(value);
}

/**
 * Refuses `--header` and `--env` values that are secrets in clear: `mcp.json` holds references only
 * (SECURITY.md, "nothing is written in clear"). Headers are judged as `import` judges them (an auth
 * header's name, or a token-like value); environment variables by a credential's name only
 * (`*_TOKEN`, `*_KEY`, …) and not a file's path, so an id or a path passed to a program is never taken for one. The value
 * is never repeated in the message.
 */
export function refuseLiteralSecrets(server: string, given: { headers?: Record<string, string>; env?: Record<string, string> }): void {
  const found = [
    ...findLiteralSecrets(server, { type: 'http', url: 'http://127.0.0.1/', headers: given.headers ?? {} }).map((f) => ({ flag: '--header', key: f.field.slice('headers.'.length) })),
    ...Object.entries(given.env ?? {})
      .filter(([key, value]) => SECRET_NAME.test(key) && value.trim() !== '' && !value.includes('${') && !isPath(value))
      .map(([key]) => ({ flag: '--env', key })),
  ];
  const first = found[0];
  if (first === undefined) return;
  const name = suggestedName(server, first.key);
  const scheme = first.flag === '--header' ? /^(Bearer|Basic|Token|Bot)\s/i.exec(given.headers?.[first.key] ?? '')?.[1] : undefined;
  const reference = `${scheme ? `${scheme} ` : ''}\${secret:${name}}`;
  // Worded so the output's redaction (which hides `Authorization: …` and `*_TOKEN=…`) leaves the reference readable.
  const example = `${first.flag} ${first.key} with the value ${reference}`;
  throw new CodedError('invalid_input', `${first.flag} ${first.key} holds a secret in clear; mcp.json keeps only references to the vault, so it was not added`, {
    hint: `Store it first with \`connected-services secrets set ${name}\` (it asks for the value without echo), then give ${example}`,
  });
}
