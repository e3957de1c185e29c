import { CodedError, errorMessage } from '../../shared/errors';
import { boundedCall } from './bounded-call';
import { checkKey, type KeyProvider } from './key-provider';
import { PASSPHRASE_PROVIDER_ID, WRONG_PASSPHRASE_HINT } from './passphrase-provider';
import { CorruptVaultError, type ProviderInfo, type Sealer } from './sealer';
import { keyCheckOf, keyMatches, openPayload, parseVaultFile, sealVaultFile, type VaultHeader } from './vault-format';

export const NEWER_FORMAT = 'newer-format';

export interface EncryptedSealerOptions {
  file: string;
  /** The provider that opens files sealed by provider `id`; throws a CodedError if there is none. */
  providerFor(id: string): KeyProvider;
  /** The provider a new file is sealed with (chosen lazily: it may ask a person). */
  newProvider(): Promise<KeyProvider>;
  /** Shown by health before any file was read or written. */
  expected: KeyProvider;
  timeoutMs: number;
  now(): number;
  /**
   * Whether `ready` asks the new file's provider (its probe) if the key can be had: for a provider
   * asked for by name, which no probe chose. With what to do when it cannot.
   */
  probeBeforeFirstWrite?: { hint: string };
}

function describe(provider: KeyProvider): ProviderInfo {
  return { id: provider.id, label: provider.label, persistent: provider.persistent, safety: 'encrypted' };
}

function wrongKey(provider: KeyProvider, file: string): CodedError {
  const passphrase = provider.id === PASSPHRASE_PROVIDER_ID;
  return new CodedError(
    'denied',
    passphrase ? `The passphrase does not open the vault ${file}.` : `The key from the ${provider.label} does not open the vault ${file}.`,
    {
      hint: passphrase
        ? WRONG_PASSPHRASE_HINT
        : 'The keychain entry was replaced by another program: restore it, or move the vault file aside to start a new vault.',
      data: { provider: provider.label },
    },
  );
}

function deadlineOf(provider: KeyProvider, timeoutMs: number): number {
  return Math.max(provider.deadlineMs ?? 0, timeoutMs);
}

/** AES-256-GCM with a key from a KeyProvider; keys are cached per header so re-reads cost no keychain call. */
export function createEncryptedSealer(options: EncryptedSealerOptions): Sealer {
  const keys = new Map<string, Buffer>();
  let current = options.expected;
  /** The header and key of the last file read or written: a replacement file keeps them. */
  let session: { header: VaultHeader; key: Buffer; provider: KeyProvider } | undefined;

  async function keyFor(provider: KeyProvider, header: VaultHeader): Promise<Buffer> {
    const cacheId = `${provider.id}\n${JSON.stringify(header.params)}\n${header.keyCheck}`;
    const cached = keys.get(cacheId);
    if (cached) return cached;
    await provider.prepare?.();
    const loaded = await boundedCall(provider.label, deadlineOf(provider, options.timeoutMs), (signal) => provider.loadKey(header.params, signal));
    const key = checkKey(provider, loaded);
    if (!keyMatches(header, key)) throw wrongKey(provider, options.file);
    keys.set(cacheId, key);
    return key;
  }

  return {
    async open(bytes: Buffer) {
      const parsed = parseVaultFile(bytes);
      if (parsed.kind === 'corrupt') throw new CorruptVaultError(parsed.reason);
      if (parsed.kind === 'newer') {
        throw new CodedError(
          'invalid_config',
          `The vault ${options.file} was written by a newer version of connected-services (format ${parsed.version}).`,
          { hint: 'Update connected-services; the file was left untouched.', data: { file: options.file, reason: NEWER_FORMAT } },
        );
      }
      const provider = options.providerFor(parsed.header.provider);
      current = provider;
      const key = await keyFor(provider, parsed.header);
      const entries = openPayload(parsed, key);
      if (!entries) throw new CorruptVaultError('it failed authentication (altered or damaged)');
      session = { header: parsed.header, key, provider };
      return entries;
    },

    async seal(entries) {
      if (!session) {
        const provider = await options.newProvider();
        await provider.prepare?.();
        const created = await boundedCall(provider.label, deadlineOf(provider, options.timeoutMs), (signal) => provider.createKey(signal));
        const key = checkKey(provider, created.key);
        const header: VaultHeader = {
          cipher: 'aes-256-gcm',
          provider: provider.id,
          params: created.params,
          keyCheck: keyCheckOf(key),
          createdAt: options.now(),
        };
        session = { header, key, provider };
        current = provider;
      }
      return sealVaultFile(session.header, session.key, entries);
    },

    describe: () => describe(current),

    async ready() {
      if (session || !options.probeBeforeFirstWrite) return;
      const provider = await options.newProvider();
      const probe = provider.probe?.bind(provider);
      if (!probe) return;
      const found = await boundedCall(provider.label, options.timeoutMs, probe).catch((error: unknown) => ({ available: false as const, reason: errorMessage(error) }));
      if (found.available) return;
      const reason = found.reason.replace(/^Vault locked or unavailable: /, '');
      throw new CodedError('server_unavailable', `Vault locked or unavailable: ${reason}`, {
        hint: options.probeBeforeFirstWrite.hint,
      });
    },
  };
}
