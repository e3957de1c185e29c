import { randomBytes, scrypt } from 'node:crypto';
import { z } from 'zod';
import { CodedError } from '../../shared/errors';
import { VAULT_KEY_BYTES, type KeyParams, type KeyProvider, type ProbeResult } from './key-provider';

export const PASSPHRASE_PROVIDER_ID = 'passphrase';
export const PASSPHRASE_ENV = 'CONNECTED_SERVICES_PASSPHRASE';
/** What to do when the passphrase given does not open the vault (a person's words: the library says it its own way). */
export const WRONG_PASSPHRASE_HINT = `Check ${PASSPHRASE_ENV} (or the passphrase you typed) and try again.`;
/** How this provider names itself in its errors' `data.provider`. */
export const PASSPHRASE_PROVIDER_LABEL = 'passphrase (scrypt)';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** RFC 7914 §2 parameters; N=2^17, r=8, p=1 is OWASP's scrypt recommendation (128 MiB, ~0.3 s). */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

export interface PassphraseProviderOptions {
  /** Read for CONNECTED_SERVICES_PASSPHRASE. */
  env?: Record<string, string | undefined>;
  /** Asked when the environment has no passphrase. */
  prompt?: () => Promise<string>;
  /** For new vaults only; an existing vault's parameters come from its header. */
  scrypt?: Partial<ScryptParams>;
}

const powerOfTwo = z
  .number()
  .int()
  .refine((n) => n >= 2 ** 10 && n <= 2 ** 30 && (n & (n - 1)) === 0, 'N must be a power of two');

const ParamsSchema = z.object({
  kdf: z.literal('scrypt'),
  N: powerOfTwo,
  r: z.number().int().min(1).max(1024),
  p: z.number().int().min(1).max(1024),
  salt: z.string().regex(/^[A-Za-z0-9+/]{22,88}={0,2}$/),
});

/**
 * The header's costs are used before anything in the file is authenticated, so whoever can write the
 * file chooses them; the deadline cannot stop scrypt once it runs in the thread pool. Only what this
 * product writes is run: r=8, p=1 and N up to twice DEFAULT_SCRYPT's (cheaper N is harmless).
 */
export const MAX_SCRYPT_N = 2 ** 18;

export function usualScryptCosts({ N, r, p }: ScryptParams): boolean {
  return r === DEFAULT_SCRYPT.r && p === DEFAULT_SCRYPT.p && N <= MAX_SCRYPT_N;
}

function unusualCosts({ N, r, p }: ScryptParams): CodedError {
  // invalid_config: the file on disk is not one this product wrote; nothing was refused to a person.
  return new CodedError('invalid_config', `The vault header asks for unusual scrypt costs (N=${N}, r=${r}, p=${p}); the vault was not opened.`, {
    hint: 'Something other than connected-services rewrote the vault file header. Restore vault.enc from a backup, or move it aside and re-enter the secrets.',
    data: { N, r, p },
  });
}

export function hasPassphrase(options: PassphraseProviderOptions): boolean {
  return Boolean(options.env?.[PASSPHRASE_ENV]) || options.prompt !== undefined;
}

function derive(passphrase: string, salt: Buffer, params: ScryptParams, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const maxmem = 256 * params.N * params.r * params.p;
    scrypt(passphrase.normalize('NFC'), salt, VAULT_KEY_BYTES, { ...params, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** The file key derived from a passphrase with scrypt; the salt and parameters live in the file header. */
export function createPassphraseProvider(options: PassphraseProviderOptions = {}): KeyProvider {
  const label = PASSPHRASE_PROVIDER_LABEL;
  const fresh: ScryptParams = { ...DEFAULT_SCRYPT, ...options.scrypt };

  // Asked once per process, in prepare(), before the bounded key derivation.
  let asked: Promise<string> | undefined;
  const passphrase = (): Promise<string> => (asked ??= ask());

  async function ask(): Promise<string> {
    const fromEnv = options.env?.[PASSPHRASE_ENV];
    const value = fromEnv ? fromEnv : options.prompt ? await options.prompt() : undefined;
    if (value === undefined) {
      throw new CodedError('auth_required', 'The vault is sealed with a passphrase and none was given.', {
        hint: `Run it again with ${PASSPHRASE_ENV} set, or in a terminal so it can ask for the passphrase (a vault opened by serve or the app: start that again so).`,
        data: { provider: label },
      });
    }
    if (value.length === 0) {
      throw new CodedError('invalid_input', 'The vault passphrase is empty.', { hint: 'Use a non-empty passphrase.' });
    }
    return value;
  }

  return {
    id: PASSPHRASE_PROVIDER_ID,
    label,
    persistent: true,
    // scrypt at the usual costs (at most 256 MiB) is seconds at worst on a loaded machine, never a hang.
    deadlineMs: 60_000,

    async loadKey(params: KeyParams, signal: AbortSignal): Promise<Uint8Array> {
      const parsed = ParamsSchema.safeParse(params);
      if (!parsed.success) {
        throw new CodedError('internal', 'The vault file has invalid scrypt parameters.', {
          hint: 'The vault header is damaged; run `connected-services doctor`.',
        });
      }
      const { N, r, p, salt } = parsed.data;
      if (!usualScryptCosts({ N, r, p })) throw unusualCosts({ N, r, p });
      return derive(await passphrase(), Buffer.from(salt, 'base64'), { N, r, p }, signal);
    },

    async createKey(signal: AbortSignal) {
      if (!usualScryptCosts(fresh)) throw unusualCosts(fresh);
      const params = ParamsSchema.parse({ kdf: 'scrypt', ...fresh, salt: randomBytes(16).toString('base64') });
      const key = await derive(await passphrase(), Buffer.from(params.salt, 'base64'), fresh, signal);
      return { key, params };
    },

    async prepare(): Promise<void> {
      await passphrase();
    },

    probe(): Promise<ProbeResult> {
      return Promise.resolve(
        hasPassphrase(options) ? { available: true } : { available: false, reason: `${PASSPHRASE_ENV} is not set` },
      );
    },
  };
}
