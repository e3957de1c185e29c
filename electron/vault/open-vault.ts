import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { resolveCoreEnv, type CoreEnvOptions } from '../../shared/core-env';
import { CodedError } from '../../shared/errors';
import { redactor as processRedactor } from '../../shared/redact';
import type { Vault, VaultHealth } from '../../shared/vault';
import { createMemoryBackend } from './backend';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './bounded-call';
import { createEncryptedSealer } from './encrypted-sealer';
import { createFileBackend } from './file-backend';
import { DEFAULT_LOCK, type LockOptions as FileLockOptions } from '../fs-safe';
import type { KeyProvider } from './key-provider';
import { createKeychainProvider, type KeychainProviderOptions } from './keychain-provider';
import { createPassphraseProvider, type ScryptParams } from './passphrase-provider';
import { createPlaintextSealer, INSECURE_FILE_NAME, INSECURE_PROVIDER_ID } from './plaintext-sealer';
import { chooseNewProvider, providerResolver } from './provider-choice';
import type { RedactorLike } from './secret-tracker';
import { VaultCore } from './vault-core';

export const VAULT_FILE_NAME = 'vault.enc';

/**
 * - `auto` (default): an existing vault.enc is opened with the provider its header names; a new vault
 *   uses the passphrase if CONNECTED_SERVICES_PASSPHRASE is set, else the OS keychain if it answers,
 *   else the passphrase prompt if one was given, else memory only (nothing written);
 * - `keychain`, `passphrase`: only that provider;
 * - `memory`: nothing written;
 * - `insecure-plaintext-file`: secrets in clear in vault.insecure-plaintext.json, by explicit choice only;
 * - a KeyProvider object: a custom provider (tests, embedders).
 */
export type ProviderChoice = 'auto' | 'keychain' | 'passphrase' | 'memory' | 'insecure-plaintext-file';

/**
 * `dataDir`: the folder vault.enc lives in; created 0700 if missing, refused if others can read it.
 * `env` is read for CONNECTED_SERVICES_PASSPHRASE and passed to the keychain helper (D-Bus address).
 */
export interface VaultOptions extends CoreEnvOptions {
  provider?: ProviderChoice | KeyProvider;
  /** Asks the person for the passphrase when the environment has none. */
  prompt?: () => Promise<string>;
  /** Bound on every key-provider call (a hung keychain). Default 5000. */
  providerTimeoutMs?: number;
  keychain?: Omit<KeychainProviderOptions, 'env' | 'platform'>;
  /** scrypt costs for a new passphrase vault. */
  scrypt?: Partial<ScryptParams>;
  lock?: Partial<FileLockOptions>;
  /** Default: the process redactor from shared/redact. */
  redactor?: RedactorLike;
  platform?: NodeJS.Platform;
  /** Poll the file this often so `change` fires for other processes' writes. Default: no polling. */
  watchIntervalMs?: number;
  /**
   * `when-used`: the file is read and its key derived at the first use, not at the open, so a
   * short-lived command that never uses the vault never runs scrypt (some 0.75 s of CPU). `health()`
   * then says nothing of the file until `checkHealth()` or a use. Default `at-open`.
   */
  check?: 'at-open' | 'when-used';
}

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/**
 * Opens the vault. Resolves even when the key is unavailable or the file is refused: `health()` then
 * says why, and each call retries and rejects with that CodedError. Rejects only for invalid options.
 */
export async function openVault(options: VaultOptions): Promise<Vault> {
  if (typeof options.dataDir !== 'string' || !path.isAbsolute(options.dataDir)) {
    throw new CodedError('invalid_input', 'The vault needs an absolute data folder.');
  }
  const { env, log, now } = resolveCoreEnv(options, { env: process.env, log: () => undefined, now: Date.now });
  const platform = options.platform ?? process.platform;
  const timeoutMs = options.providerTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  const lock: FileLockOptions = { ...DEFAULT_LOCK, ...options.lock };
  const common = {
    redactor: options.redactor ?? processRedactor,
    log,
    ...(options.watchIntervalMs === undefined ? {} : { watchIntervalMs: options.watchIntervalMs }),
  };
  const choice = options.provider ?? 'auto';

  const memory = (note: string): VaultCore =>
    new VaultCore({
      ...common,
      note,
      backend: () =>
        createMemoryBackend({ id: 'memory', label: 'memory (this session only)', persistent: false, safety: 'memory-only' }),
    });

  let core: VaultCore;
  if (choice === 'memory') {
    core = memory('The memory provider was chosen.');
  } else if (choice === INSECURE_PROVIDER_ID) {
    const file = path.join(options.dataDir, INSECURE_FILE_NAME);
    core = new VaultCore({
      ...common,
      backend: (hooks) => createFileBackend({ file, sealer: createPlaintextSealer(), platform, lock, now, ...hooks }),
    });
  } else {
    const file = path.join(options.dataDir, VAULT_FILE_NAME);
    const providers = {
      keychain: createKeychainProvider({ ...options.keychain, env, platform }),
      passphrase: createPassphraseProvider({
        env,
        ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
        ...(options.scrypt === undefined ? {} : { scrypt: options.scrypt }),
      }),
    };
    const choose = () => chooseNewProvider(choice, providers, { env, timeoutMs, hasPrompt: options.prompt !== undefined });
    const fileThere = await exists(file);
    const first = fileThere ? undefined : await choose();
    if (first && !first.provider) {
      core = memory(first.note);
    } else {
      const expected: KeyProvider =
        first?.provider ?? (typeof choice === 'object' ? choice : choice === 'passphrase' ? providers.passphrase : providers.keychain);
      const sealer = createEncryptedSealer({
        file,
        providerFor: providerResolver(choice, providers, file),
        newProvider: async () => {
          const chosen = first ?? (await choose());
          if (chosen.provider) return chosen.provider;
          throw new CodedError('server_unavailable', `Vault locked or unavailable: ${chosen.note}`, {
            hint: 'Unlock the OS keychain, or set CONNECTED_SERVICES_PASSPHRASE.',
          });
        },
        expected,
        timeoutMs,
        now,
        // Auto mode probed the keychain to choose it; one asked for by name was not asked.
        ...(choice === 'keychain'
          ? { probeBeforeFirstWrite: { hint: 'The OS keychain was asked for by name (CONNECTED_SERVICES_VAULT_PROVIDER=keychain): unlock or install one (gnome-keyring or KWallet in a desktop session), or ask for another provider.' } }
          : typeof choice === 'object'
            ? { probeBeforeFirstWrite: { hint: `Make the ${choice.label} available, or open the vault with another provider.` } }
            : {}),
      });
      core = new VaultCore({ ...common, backend: (hooks) => createFileBackend({ file, sealer, platform, lock, now, ...hooks }) });
    }
  }
  if (options.check !== 'when-used') await core.checkHealth();
  return core;
}

/** For doctor and status: opens the vault, reads it, reports, closes. Never throws for vault problems. */
export async function vaultHealth(options: VaultOptions): Promise<VaultHealth> {
  const vault = await openVault(options);
  try {
    return await vault.checkHealth();
  } finally {
    await vault.close();
  }
}
