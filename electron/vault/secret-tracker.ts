import { SECRET_NAME } from '../../shared/redact';

export interface RedactorLike {
  addSecret(value: string, label?: string): void;
  redact(text: string): string;
  redactValue<T>(value: T): T;
}

/** A value and, for JSON values, the strings under secret-named fields (access_token, client_secret…). */
function secretsIn(value: string): string[] {
  const found = [value];
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

/**
 * Keeps the redactor knowing every value the vault has held. Never forgets one: a rotated or deleted
 * value may still be in a running server's environment, or an access token still valid until it
 * expires, and other parts register the same values (resolved references, OAuth tokens).
 */
export class SecretTracker {
  readonly #known = new Set<string>();
  readonly #redactor: RedactorLike;

  constructor(redactor: RedactorLike) {
    this.#redactor = redactor;
  }

  /** `label`: which secret it is (describeVaultKey), for the consent view that names them. */
  add(value: string, label: string): void {
    for (const secret of secretsIn(value)) {
      if (this.#known.has(secret)) continue;
      this.#known.add(secret);
      this.#redactor.addSecret(secret, label);
    }
  }
}
