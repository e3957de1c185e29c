import { CodedError, toCodedError } from '../../shared/errors';
import { compareNames } from '../../shared/text';
import {
  formatVaultKey,
  tryParseVaultKey,
  VaultKeySchema,
  type CorruptFile,
  type Vault,
  type VaultEvents,
  type VaultHealth,
  type VaultKey,
} from '../../shared/vault';
import type { Backend } from './backend';
import { healthMessage, stateOf, withRestored } from './health-message';
import { GroupCommit, type Outcome } from './group-commit';
import { KeyedQueue } from '../fs-safe';
import { SecretTracker, type RedactorLike } from './secret-tracker';
import { VaultEmitter } from './vault-emitter';

export const MAX_VALUE_BYTES = 1024 * 1024;

export interface BackendOptions {
  onSetAside: (file: CorruptFile, reason: string, restored?: number) => void;
}

export interface VaultCoreOptions {
  backend: (hooks: BackendOptions) => Backend;
  redactor: RedactorLike;
  log: (line: string) => void;
  /** Why the vault is memory-only, for health. */
  note?: string;
  /** Poll the file this often and emit `change` for other processes' writes. */
  watchIntervalMs?: number;
}

/**
 * The vault's logic over a Backend: per-key ordering, group commit (the writes queued while one is in
 * flight go to disk together, under one lock), change events, redaction and health.
 */
export class VaultCore implements Vault {
  readonly #backend: Backend;
  readonly #redactor: RedactorLike;
  readonly #tracker: SecretTracker;
  readonly #log: (line: string) => void;
  readonly #note: string | undefined;
  readonly #keys = new KeyedQueue();
  /** Reads and writes of the backend never interleave, so a stale read cannot overwrite a newer cache. */
  readonly #io = new KeyedQueue();
  readonly #emitter: VaultEmitter;
  readonly #writes: GroupCommit;
  #entries = new Map<string, string>();
  #queuedSync: Promise<void> | undefined;
  #error: CodedError | undefined;
  #corrupt: CorruptFile[] = [];
  #closing: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: VaultCoreOptions) {
    this.#redactor = options.redactor;
    this.#tracker = new SecretTracker(options.redactor);
    this.#log = options.log;
    this.#emitter = new VaultEmitter(options.log);
    this.#writes = new GroupCommit((apply) => this.#commit(apply));
    this.#note = options.note;
    this.#backend = options.backend({ onSetAside: (file, reason, restored) => this.#noteSetAside(file, reason, restored) });
    if (options.watchIntervalMs !== undefined && this.#backend.file !== undefined) {
      this.#timer = setInterval(() => {
        this.#sync().catch(() => undefined);
      }, options.watchIntervalMs);
      this.#timer.unref();
    }
  }

  async get(key: VaultKey): Promise<string | undefined> {
    const id = this.#id(key);
    return this.#keys.run(id, async () => {
      await this.#sync();
      return this.#entries.get(id);
    });
  }

  async set(key: VaultKey, value: string): Promise<void> {
    const id = this.#id(key);
    this.#checkValue(value);
    // Known to the redactor before anything can fail and print it; it is the entry's value once adopted (#adopt).
    this.#redactor.addSecret(value);
    await this.#keys.run(id, () =>
      this.#mutate((entries) => {
        if (entries.get(id) === value) return { changed: false, result: undefined };
        entries.set(id, value);
        return { changed: true, result: undefined };
      }),
    );
  }

  async delete(key: VaultKey): Promise<boolean> {
    const id = this.#id(key);
    return this.#keys.run(id, () =>
      this.#mutate((entries) => {
        const had = entries.delete(id);
        return { changed: had, result: had };
      }),
    );
  }

  async compareAndSet(key: VaultKey, expected: string | undefined, value: string): Promise<boolean> {
    const id = this.#id(key);
    this.#checkValue(value);
    this.#redactor.addSecret(value);
    return this.#keys.run(id, () =>
      this.#mutate((entries) => {
        const current = entries.get(id);
        if (current !== expected) return { changed: false, result: false };
        if (current === value) return { changed: false, result: true };
        entries.set(id, value);
        return { changed: true, result: true };
      }),
    );
  }

  async compareAndDelete(key: VaultKey, expected: string): Promise<boolean> {
    const id = this.#id(key);
    return this.#keys.run(id, () =>
      this.#mutate((entries) => {
        if (!entries.has(id) || entries.get(id) !== expected) return { changed: false, result: false };
        entries.delete(id);
        return { changed: true, result: true };
      }),
    );
  }

  async keys(filter: { server?: string } = {}): Promise<VaultKey[]> {
    this.#assertOpen();
    await this.#sync();
    const keys: VaultKey[] = [];
    for (const id of this.#entries.keys()) {
      const key = tryParseVaultKey(id);
      if (key && (filter.server === undefined || key.server === filter.server)) keys.push(key);
    }
    return keys.sort((a, b) => compareNames(formatVaultKey(a), formatVaultKey(b)));
  }

  health(): VaultHealth {
    const info = this.#backend.describe();
    const file = this.#backend.file;
    const health: VaultHealth = {
      fileExists: this.#backend.fileExists(),
      provider: info.id,
      providerLabel: info.label,
      persistent: info.persistent,
      safety: info.safety,
      state: stateOf(this.#error),
      message: healthMessage({ info, file, error: this.#error, corruptFiles: this.#corrupt, note: this.#note }),
      entryCount: [...this.#entries.keys()].filter((id) => tryParseVaultKey(id) !== undefined).length,
      corruptFiles: this.#corrupt.map((corrupt) => ({ ...corrupt })),
    };
    if (file !== undefined) health.file = file;
    if (this.#error) health.error = this.#error.toWire();
    return health;
  }

  async checkHealth(): Promise<VaultHealth> {
    this.#assertOpen();
    await this.#sync().catch(() => undefined);
    // A store with nothing in it yet reads fine: whether a first write could be made is asked too.
    if (!this.#error) await this.#backend.ready?.().catch((error: unknown) => this.#failed(error));
    try {
      this.#corrupt = withRestored(await this.#backend.setAside(), this.#corrupt);
    } catch {
      // Listing the folder failed; the sync error (if any) already says why.
    }
    this.#emitHealth();
    return this.health();
  }

  on<E extends keyof VaultEvents>(event: E, listener: (payload: VaultEvents[E]) => void): () => void {
    return this.#emitter.on(event, listener);
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      clearInterval(this.#timer);
      await this.#keys.idle();
      await this.#writes.idle();
    })();
    return this.#closing;
  }

  #assertOpen(): void {
    if (this.#closing) throw new CodedError('internal', 'The vault is closed.', { hint: 'Open it again.' });
  }

  #id(key: VaultKey): string {
    this.#assertOpen();
    const parsed = VaultKeySchema.safeParse(key);
    if (!parsed.success) {
      throw new CodedError('invalid_input', `Invalid vault key: ${parsed.error.issues.map((i) => i.message).join('; ')}`, {
        hint: 'A vault key is { server, kind }, kind being tokens, client, apiKey or secret:NAME.',
      });
    }
    return formatVaultKey(parsed.data);
  }

  #checkValue(value: unknown): void {
    if (typeof value !== 'string') {
      throw new CodedError('invalid_input', 'A vault value must be a string (JSON for structured values).');
    }
    if (Buffer.byteLength(value, 'utf8') > MAX_VALUE_BYTES) {
      throw new CodedError('invalid_input', `A vault value is limited to ${MAX_VALUE_BYTES} bytes.`);
    }
  }

  #mutate<R>(apply: (entries: Map<string, string>) => Outcome<R>): Promise<R> {
    return this.#writes.submit(apply);
  }

  async #commit(apply: (entries: Map<string, string>) => boolean): Promise<void> {
    try {
      const { before, after } = await this.#io.run('', () => this.#backend.update(apply));
      this.#adopt(before, 'external');
      this.#adopt(after, 'local');
      this.#succeeded();
    } catch (error) {
      throw this.#failed(error);
    }
  }

  /** Re-reads if the file changed. A sync queued but not yet started is joined, never a running one. */
  #sync(): Promise<void> {
    if (this.#queuedSync) return this.#queuedSync;
    const ticket: Promise<void> = this.#io.run('', async () => {
      if (this.#queuedSync === ticket) this.#queuedSync = undefined;
      try {
        const next = await this.#backend.sync();
        if (next) this.#adopt(next, 'external');
        this.#succeeded();
      } catch (error) {
        throw this.#failed(error);
      }
    });
    this.#queuedSync = ticket;
    return ticket;
  }

  #adopt(next: ReadonlyMap<string, string>, origin: 'local' | 'external'): void {
    const previous = this.#entries;
    this.#entries = new Map(next);
    for (const [id, value] of next) {
      const old = previous.get(id);
      if (old === value) continue;
      this.#tracker.add(value, id);
      this.#emitter.change(id, 'set', origin);
    }
    for (const id of previous.keys()) {
      if (next.has(id)) continue;
      this.#tracker.retire(id);
      this.#emitter.change(id, 'delete', origin);
    }
  }

  #succeeded(): void {
    if (!this.#error) return;
    this.#error = undefined;
    this.#emitHealth();
  }

  /** Every failure leaves as a CodedError whose text went through the redactor. */
  #failed(error: unknown): CodedError {
    const coded =
      error instanceof CodedError
        ? error
        : new CodedError('internal', `The vault could not read or write its file: ${toCodedError(error).message}`, {
            hint: 'Check the data folder (disk full, permissions) and run `connected-services doctor`.',
          });
    const options: { hint?: string; data?: Record<string, unknown> } = {};
    if (coded.hint !== undefined) options.hint = this.#redactor.redact(coded.hint);
    if (coded.data !== undefined) options.data = this.#redactor.redactValue(coded.data);
    const safe = new CodedError(coded.code, this.#redactor.redact(coded.message), options);
    this.#error = safe;
    this.#emitHealth();
    return safe;
  }

  #noteSetAside(file: CorruptFile, reason: string, restored: number | undefined): void {
    const noted = restored === undefined ? file : { ...file, restored };
    this.#corrupt = [...this.#corrupt.filter((known) => known.path !== file.path), noted];
    this.#log(`vault: the vault file was unreadable (${reason}); moved it aside to ${file.path}${restored === undefined ? '' : `, and wrote the ${restored} entries this process held back to a new vault file`}`);
    this.#emitHealth();
  }

  #emitHealth(): void {
    this.#emitter.health(this.health());
  }
}
