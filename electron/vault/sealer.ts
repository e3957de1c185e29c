import type { VaultSafety } from '../../shared/vault';

/** The file failed authentication or its structure is broken: it is moved aside, never overwritten. */
export class CorruptVaultError extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(`the vault file is unreadable: ${reason}`);
    this.name = 'CorruptVaultError';
    this.reason = reason;
  }
}

export interface ProviderInfo {
  id: string;
  label: string;
  persistent: boolean;
  safety: VaultSafety;
}

/** Turns the file's bytes into entries and back. */
export interface Sealer {
  /** Throws CorruptVaultError (damaged file) or a CodedError (no key, wrong key, newer format). */
  open(bytes: Buffer): Promise<Map<string, string>>;
  seal(entries: ReadonlyMap<string, string>): Promise<Buffer>;
  describe(): ProviderInfo;
  /** Before any file: throws a CodedError when the key a first write would need cannot be had now. */
  ready?(): Promise<void>;
}
