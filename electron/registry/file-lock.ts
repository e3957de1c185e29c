import { lock } from 'proper-lockfile';
import { CodedError } from '../../shared/errors';
import { errnoCode, fsFailure } from './fs-errors';

export interface FileLockOptions {
  log: (line: string) => void;
  /** A lock older than this (ms) is taken over: its holder died. */
  staleMs?: number;
}

/**
 * Runs edits of one file one at a time: in order inside this process, and under a lock folder
 * (`<file>.lock`, proper-lockfile) across processes, so the app and CLI commands never lose a write.
 */
export class FileLock {
  readonly #target: string;
  readonly #options: FileLockOptions;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(target: string, options: FileLockOptions) {
    this.#target = target;
    this.#options = options;
  }

  get lockPath(): string {
    return `${this.#target}.lock`;
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(() => this.#locked(fn));
    this.#queue = result.catch(() => undefined);
    return result;
  }

  async #locked<T>(fn: () => Promise<T>): Promise<T> {
    let release: () => Promise<void>;
    try {
      release = await lock(this.#target, {
        realpath: false,
        lockfilePath: this.lockPath,
        stale: this.#options.staleMs ?? 10_000,
        // Up to ~20 s: longer than `stale`, so a lock left by a crashed process is always taken over.
        retries: { retries: 120, factor: 1.3, minTimeout: 5, maxTimeout: 200, randomize: true },
        onCompromised: (error) => this.#options.log(`lock ${this.lockPath} was lost: ${error.message}`),
      });
    } catch (error) {
      if (errnoCode(error) === 'ELOCKED') {
        throw new CodedError('timeout', `Another process kept ${this.#target} locked for too long.`, {
          hint: `Try again in a moment. If no Connected Services process is running, delete ${this.lockPath}.`,
        });
      }
      throw fsFailure(error, 'lock', this.#target);
    }
    try {
      return await fn();
    } finally {
      await release().catch((error: unknown) => {
        this.#options.log(`could not release ${this.lockPath}: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  }
}
