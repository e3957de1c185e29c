import { sourceKey, type SecretSource } from './secret-source';

interface Stamp {
  source: SecretSource;
  /** Which of its source's hand-outs gave the value. */
  handOut: number;
}

/**
 * Which source handed out each known value, and which of a source's hand-outs is its current one: a
 * value of an earlier hand-out is a former value (the secret was changed since). Redaction keeps
 * every value; this only says what each was.
 */
export class SecretOrigins {
  /** Each source's current hand-out (by sourceKey). */
  readonly #current = new Map<string, number>();
  readonly #stamps = new Map<string, Map<string, Stamp>>();

  /**
   * `values`: what `source` holds now (a value and the parts of it redaction matches alone). The same
   * values again change nothing; any other set becomes the current one, and the rest of what the
   * source handed out is former.
   */
  handOut(source: SecretSource, values: readonly string[]): void {
    const key = sourceKey(source);
    const now = this.#current.get(key);
    if (now !== undefined && values.every((value) => this.#stamps.get(value)?.get(key)?.handOut === now)) return;
    const next = (now ?? 0) + 1;
    this.#current.set(key, next);
    for (const value of values) {
      let stamps = this.#stamps.get(value);
      if (!stamps) this.#stamps.set(value, (stamps = new Map<string, Stamp>()));
      stamps.set(key, { source, handOut: next });
    }
  }

  /** The source holds nothing now (its secret deleted, its sign-in ended): all it handed out is former. */
  retire(source: SecretSource): void {
    const key = sourceKey(source);
    const now = this.#current.get(key);
    if (now !== undefined) this.#current.set(key, now + 1);
  }

  forget(value: string): void {
    this.#stamps.delete(value);
  }

  /** Where `value` came from: a source it is the current value of, first; else the first that handed it out. */
  of(value: string): { source: SecretSource; former: boolean } | undefined {
    const stamps = this.#stamps.get(value);
    if (!stamps) return undefined;
    let first: Stamp | undefined;
    for (const [key, stamp] of stamps) {
      if (this.#current.get(key) === stamp.handOut) return { source: stamp.source, former: false };
      first ??= stamp;
    }
    return first && { source: first.source, former: true };
  }
}
