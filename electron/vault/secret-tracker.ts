import { SECRET_NAME, type SecretSource } from '../../shared/redact';
import { tryParseVaultKey, vaultSource } from '../../shared/vault';

export interface RedactorLike {
  addSecret(value: string, source?: SecretSource, parts?: readonly string[]): void;
  retireSource(source: SecretSource): void;
  redact(text: string): string;
  redactValue<T>(value: T): T;
}

/** For JSON values, the strings under secret-named fields (access_token, client_secret…). */
function secretFieldsOf(value: string): string[] {
  const found: string[] = [];
  const start = value.trimStart()[0];
  if (start !== '{' && start !== '[') return found;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return found;
  }
  const walk = (node: unknown, key: string | undefined): void => {
    if (typeof node === 'string') {
      if (key !== undefined && SECRET_NAME.test(key)) found.push(node);
    } else if (Array.isArray(node)) {
      for (const item of node) walk(item, key);
    } else if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, k);
    }
  };
  walk(json, undefined);
  return found;
}

function sourceOf(id: string): SecretSource {
  const key = tryParseVaultKey(id);
  return key === undefined ? { from: 'vault', name: id } : vaultSource(key);
}

/**
 * Keeps the redactor knowing every value the vault has held. Never forgets one: a rotated or deleted
 * value may still be in a running server's environment, or an access token still valid until it
 * expires, and other parts register the same values (resolved references, OAuth tokens). Each value
 * the vault adopts is its entry's current one: the entry's earlier values are former ones.
 */
export class SecretTracker {
  readonly #redactor: RedactorLike;

  constructor(redactor: RedactorLike) {
    this.#redactor = redactor;
  }

  /** `id`: the entry's, named by its source (vaultSource) in the words that name the value. */
  add(value: string, id: string): void {
    this.#redactor.addSecret(value, sourceOf(id), secretFieldsOf(value));
  }

  /** The entry was deleted: its values stay known (the comment above), each a former value of it. */
  retire(id: string): void {
    this.#redactor.retireSource(sourceOf(id));
  }
}
