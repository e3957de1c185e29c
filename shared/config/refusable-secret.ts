import { SECRET_NAME } from '../redact';
import { secretHeaderNamed } from '../text';
import { secretInside } from './embedded-secret';
import { findLiteralSecrets, type FoundSecret } from './literal-secrets';
import { secretInQuery, secretNamed, tokenShaped, urlWithPassword } from './secret-shapes';

/**
 * Whether a secret found in clear is one that adding or editing an entry refuses to write (SECURITY.md,
 * "nothing is written in clear"). `import` moves any long mixed value into the vault, but a refusal
 * must not stop `NODE_OPTIONS=--max-old-space-size=4096`, so an env value or header counts by its
 * name or a token's shape (mixed case or a known prefix), not by length and digits alone.
 */
export function refusableSecret({ field, value }: Pick<FoundSecret, 'field' | 'value'>): boolean {
  if (field.startsWith('env.')) {
    const name = field.slice('env.'.length);
    return secretNamed(name) || SECRET_NAME.test(name) || tokenShaped(value) || secretInside(value) || urlWithPassword(value) || secretInQuery(value) !== undefined;
  }
  if (field.startsWith('headers.')) return secretHeaderNamed(field.slice('headers.'.length)) || tokenShaped(value) || secretInside(value);
  return true;
}

/** An env variable the core would refuse to write as typed: the screens flag it at its field first. */
export function refusableEnv(name: string, value: string): boolean {
  return findLiteralSecrets('field', { command: 'field', env: { [name]: value } }).some(refusableSecret);
}

/** A header the core would refuse to write as typed (a scheme such as Bearer is judged without it). */
export function refusableHeader(name: string, value: string): boolean {
  return findLiteralSecrets('field', { type: 'http', url: 'https://field.invalid/', headers: { [name]: value } }).some(refusableSecret);
}
