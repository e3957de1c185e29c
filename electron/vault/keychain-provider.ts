import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CodedError, errorMessage } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { VAULT_KEY_ACCOUNT_PREFIX, VAULT_KEYCHAIN_SERVICE } from '../../shared/vault';
import { unavailable } from './bounded-call';
import { checkKey, VAULT_KEY_BYTES, type KeyParams, type KeyProvider, type ProbeResult } from './key-provider';
import { runKeychainChild, type KeychainReply, type KeychainRequest } from './keychain-child';

export const KEYCHAIN_PROVIDER_ID = 'keychain';
export const DEFAULT_KEYCHAIN_SERVICE = VAULT_KEYCHAIN_SERVICE;

export interface KeychainProviderOptions {
  /** The keychain "service" entries are filed under. */
  service?: string;
  env?: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  /** See KeychainChildOptions. */
  nodePath?: string;
  modulePath?: string;
  /**
   * Runs one keychain operation instead of the default helper child (which re-runs the current
   * executable as Node). The desktop app passes its own: with Electron's RunAsNode fuse off, that
   * child could not start.
   */
  runner?: KeychainRunner;
}

export type KeychainRunner = (request: KeychainRequest, signal: AbortSignal) => Promise<KeychainReply>;

const ParamsSchema = z.object({ account: z.string().regex(new RegExp(`^${VAULT_KEY_ACCOUNT_PREFIX}[A-Za-z0-9_-]{8,64}$`)) });
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function keychainLabel(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'OS keychain (Secret Service)';
}

/** Without a session bus there is no Secret Service (only the kernel keyring, lost at reboot). */
function missingSessionBus(env: Record<string, string | undefined>, platform: NodeJS.Platform): boolean {
  if (platform !== 'linux' && platform !== 'freebsd') return false;
  if (env['DBUS_SESSION_BUS_ADDRESS']) return false;
  const runtime = env['XDG_RUNTIME_DIR'];
  return !(runtime && existsSync(path.join(runtime, 'bus')));
}

/** The file key, random, kept base64-encoded in the OS keychain through @napi-rs/keyring. */
export function createKeychainProvider(options: KeychainProviderOptions = {}): KeyProvider {
  const service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const label = keychainLabel(platform);
  const childOptions = {
    env,
    ...(options.nodePath === undefined ? {} : { nodePath: options.nodePath }),
    ...(options.modulePath === undefined ? {} : { modulePath: options.modulePath }),
  };

  async function call(request: KeychainRequest, signal: AbortSignal): Promise<string | null> {
    if (missingSessionBus(env, platform)) {
      throw unavailable(
        label,
        'no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service to keep the vault key; the kernel keyring would lose it at reboot.',
        'Run inside a desktop session with gnome-keyring or KWallet, or set CONNECTED_SERVICES_PASSPHRASE to use a passphrase instead.',
      );
    }
    const reply: KeychainReply = options.runner ? await options.runner(request, signal) : await runKeychainChild(request, childOptions, signal);
    if (!reply.ok) throw unavailable(label, `the ${label} refused the request: ${redact(reply.message)}`);
    return reply.value;
  }

  function decode(stored: string): Uint8Array {
    const text = stored.trim();
    if (!BASE64.test(text)) {
      throw new CodedError('internal', `The ${label} returned a vault key that is not base64.`, {
        hint: 'Nothing was written. The keychain entry was changed by another program; restore it or run `connected-services doctor`.',
      });
    }
    return checkKey({ label }, Buffer.from(text, 'base64'));
  }

  return {
    id: KEYCHAIN_PROVIDER_ID,
    label,
    persistent: true,

    async loadKey(params: KeyParams, signal: AbortSignal): Promise<Uint8Array> {
      const parsed = ParamsSchema.safeParse(params);
      if (!parsed.success) {
        throw new CodedError('internal', 'The vault file names no valid keychain entry.', {
          hint: 'The vault header is damaged; run `connected-services doctor`.',
        });
      }
      const stored = await call({ op: 'get', service, account: parsed.data.account }, signal);
      if (stored === null) {
        throw new CodedError('not_found', `The ${label} holds no key for this vault (entry ${service}/${parsed.data.account}).`, {
          hint: 'The keychain entry was deleted, or the vault came from another account or machine. Without it the vault cannot be decrypted: move the vault file aside to start a new one.',
          data: { provider: label },
        });
      }
      return decode(stored);
    },

    async createKey(signal: AbortSignal) {
      const account = `${VAULT_KEY_ACCOUNT_PREFIX}${randomBytes(12).toString('base64url')}`;
      const key = randomBytes(VAULT_KEY_BYTES);
      await call({ op: 'set', service, account, value: key.toString('base64') }, signal);
      // Read it back: a keychain that accepts and forgets must not leave us with an unopenable file.
      const back = await call({ op: 'get', service, account }, signal);
      if (back === null || !timingSafeEqual(Buffer.from(decode(back)), key)) {
        throw unavailable(label, `the ${label} did not keep the new vault key.`);
      }
      return { key, params: { account } };
    },

    async probe(signal: AbortSignal): Promise<ProbeResult> {
      try {
        await call({ op: 'get', service, account: `${VAULT_KEY_ACCOUNT_PREFIX}probe-000` }, signal);
        return { available: true };
      } catch (error) {
        return { available: false, reason: errorMessage(error) };
      }
    },
  };
}
