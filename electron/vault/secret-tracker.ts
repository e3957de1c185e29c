import { SECRET_NAME } from '../../shared/redact';

export interface RedactorLike {
  addSecret(value: string): void;
  removeSecret(value: string): void;
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
 * Keeps the redactor knowing every value in the vault. Counted, because two keys may hold the same
 * value: it is forgotten only when no key holds it any more.
 */
export class SecretTracker {
  readonly #counts = new Map<string, number>();
  readonly #redactor: RedactorLike;

  constructor(redactor: RedactorLike) {
    this.#redactor = redactor;
  }

  add(value: string): void {
    for (const secret of secretsIn(value)) {
      const count = this.#counts.get(secret) ?? 0;
      this.#counts.set(secret, count + 1);
      if (count === 0) this.#redactor.addSecret(secret);
    }
  }

  remove(value: string): void {
    for (const secret of secretsIn(value)) {
      const count = this.#counts.get(secret) ?? 0;
      if (count <= 1) {
        this.#counts.delete(secret);
        if (count === 1) this.#redactor.removeSecret(secret);
      } else {
        this.#counts.set(secret, count - 1);
      }
    }
  }
}
