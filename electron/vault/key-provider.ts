import { CodedError } from '../../shared/errors';

/** AES-256: the file key is 32 bytes. */
export const VAULT_KEY_BYTES = 32;

/** What a provider needs to find its key again; stored in the vault file's authenticated header. */
export type KeyParams = Record<string, string | number>;

export interface CreatedKey {
  key: Uint8Array;
  params: KeyParams;
}

export type ProbeResult = { available: true } | { available: false; reason: string };

/**
 * Where the file key comes from. The key never touches disk in clear: a provider keeps it elsewhere
 * (OS keychain) or derives it (passphrase). Every call is bounded by the vault's timeout through
 * `signal`; a provider should stop its work when it fires.
 */
export interface KeyProvider {
  /** Written in the file header, so any process can tell which provider opens the file. */
  readonly id: string;
  /** For people: "OS keychain (Secret Service)". */
  readonly label: string;
  /** Whether the key survives a reboot. */
  readonly persistent: boolean;
  /** The key of an existing vault, from the params `createKey` returned. */
  loadKey(params: KeyParams, signal: AbortSignal): Promise<Uint8Array>;
  /** A new key for a new vault file. */
  createKey(signal: AbortSignal): Promise<CreatedKey>;
  /** Whether it can be used now; used to pick a provider automatically. */
  probe?(signal: AbortSignal): Promise<ProbeResult>;
  /**
   * Asks the person whatever the key needs (a passphrase), outside the time limit that bounds
   * loadKey and createKey: a person typing is not a hung keychain.
   */
  prepare?(): Promise<void>;
  /**
   * A longer deadline for loadKey and createKey when the work is CPU in this process (a key
   * derivation): on a busy machine it is slow, never hung, and the keychain's bound would fail it.
   */
  readonly deadlineMs?: number;
}

/** A provider that hands back something other than 32 bytes is refused before any use. */
export function checkKey(provider: Pick<KeyProvider, 'label'>, key: unknown): Buffer {
  if (!(key instanceof Uint8Array)) {
    throw new CodedError('internal', `The ${provider.label} returned no usable vault key (not bytes).`, {
      hint: 'Nothing was written. Check the key provider, or run `connected-services doctor`.',
    });
  }
  if (key.length !== VAULT_KEY_BYTES) {
    throw new CodedError(
      'internal',
      `The ${provider.label} returned a vault key of ${key.length} bytes; a vault key has ${VAULT_KEY_BYTES}.`,
      { hint: 'Nothing was written. The stored key is damaged or was replaced by another program; run `connected-services doctor`.' },
    );
  }
  return Buffer.from(key);
}
