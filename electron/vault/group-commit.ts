import { CodedError, toCodedError } from '../../shared/errors';

export interface Outcome<R> {
  /** Whether the entries changed (nothing is written when no mutation of a batch changed anything). */
  changed: boolean;
  result: R;
}

interface Mutation {
  apply: (entries: Map<string, string>) => boolean;
  done: (error?: CodedError) => void;
}

/** Applies every mutation of a batch to the fresh entries; resolves whether any changed them. */
export type Commit = (apply: (entries: Map<string, string>) => boolean) => Promise<void>;

/**
 * Group commit: mutations submitted while a write is in flight are written together by the next one
 * (one lock, one file write), in submission order. A failed write rejects its whole batch.
 */
export class GroupCommit {
  readonly #commit: Commit;
  #pending: Mutation[] = [];
  #draining: Promise<void> | undefined;

  constructor(commit: Commit) {
    this.#commit = commit;
  }

  submit<R>(apply: (entries: Map<string, string>) => Outcome<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let outcome: Outcome<R> | undefined;
      this.#pending.push({
        apply: (entries) => {
          outcome = apply(entries);
          return outcome.changed;
        },
        done: (error) => {
          if (error) reject(error);
          else if (outcome) resolve(outcome.result);
          else reject(new CodedError('internal', 'A vault write finished without being applied.'));
        },
      });
      this.#drain();
    });
  }

  /** Resolves when nothing is pending or in flight. */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  #drain(): void {
    if (this.#draining) return;
    this.#draining = (async () => {
      while (this.#pending.length > 0) {
        const batch = this.#pending.splice(0);
        try {
          await this.#commit((entries) => batch.reduce((changed, m) => m.apply(entries) || changed, false));
          for (const m of batch) m.done();
        } catch (error) {
          const coded = toCodedError(error);
          for (const m of batch) m.done(coded);
        }
      }
    })().finally(() => {
      this.#draining = undefined;
      if (this.#pending.length > 0) this.#drain();
    });
  }
}
