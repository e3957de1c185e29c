import type { CorruptFile } from '../../shared/vault';
import type { ProviderInfo } from './sealer';

export interface UpdateResult {
  /** The entries found under the lock (other processes' writes included). */
  before: ReadonlyMap<string, string>;
  /** The entries after this batch. */
  after: ReadonlyMap<string, string>;
}

/** Where entries live: an encrypted or plaintext file, or memory. */
export interface Backend {
  readonly file: string | undefined;
  /** Re-reads if the store changed since the last read; undefined when it did not. */
  sync(): Promise<ReadonlyMap<string, string> | undefined>;
  /** Fresh read, `mutate` (returns whether it changed anything), write: one step for every process. */
  update(mutate: (entries: Map<string, string>) => boolean): Promise<UpdateResult>;
  /** Unreadable files moved aside so far (by any process). */
  setAside(): Promise<CorruptFile[]>;
  fileExists(): boolean;
  describe(): ProviderInfo;
  /** Throws a CodedError when the store could not be written now though nothing failed yet (no file, no key to be had). */
  ready?(): Promise<void>;
}

/** No safe place to keep secrets: they live for this process only. */
export function createMemoryBackend(info: ProviderInfo): Backend {
  let entries = new Map<string, string>();
  return {
    file: undefined,
    sync: () => Promise.resolve(undefined),
    update(mutate) {
      const before = entries;
      const after = new Map(entries);
      if (mutate(after)) entries = after;
      return Promise.resolve({ before, after: entries });
    },
    setAside: () => Promise.resolve([]),
    fileExists: () => false,
    describe: () => info,
  };
}
