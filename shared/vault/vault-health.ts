import { z } from 'zod';
import { WireErrorSchema } from '../errors';

/** Where the file key comes from; custom providers carry their own id. */
export const VAULT_PROVIDERS = ['keychain', 'passphrase', 'memory', 'insecure-plaintext-file'] as const;
export type VaultProviderId = (typeof VAULT_PROVIDERS)[number];

/**
 * How well secrets are protected:
 * - `encrypted`: AES-256-GCM file, key in the OS keychain or derived from a passphrase;
 * - `memory-only`: nothing written; secrets are lost when the process ends;
 * - `insecure-plaintext`: the person opted in to a file that holds secrets in clear.
 */
export const VAULT_SAFETY = ['encrypted', 'memory-only', 'insecure-plaintext'] as const;
export const VaultSafetySchema = z.enum(VAULT_SAFETY);
export type VaultSafety = z.infer<typeof VaultSafetySchema>;

/**
 * - `ready`: reads and writes work;
 * - `locked`: the key could not be had (keychain locked, hung or missing, passphrase absent or wrong);
 * - `refused`: the file or folder is unsafe (permissions) or from a newer version;
 * - `error`: anything else (I/O); `error` says what.
 */
export const VAULT_STATES = ['ready', 'locked', 'refused', 'error'] as const;
export const VaultStateSchema = z.enum(VAULT_STATES);
export type VaultState = z.infer<typeof VaultStateSchema>;

export const CorruptFileSchema = z.object({
  /** Where the unreadable vault was moved; it is never deleted by the vault. */
  path: z.string(),
  /** When it was moved aside (ms since epoch, from the file name). */
  movedAt: z.number(),
  /** Known to the process that moved it only: how many entries it held in memory and wrote back to a new vault file. */
  restored: z.number().int().nonnegative().optional(),
});
export type CorruptFile = z.infer<typeof CorruptFileSchema>;

/** What doctor and status show about the vault. Never holds a secret. */
export const VaultHealthSchema = z.object({
  /** The file secrets live in; absent for memory-only. */
  file: z.string().optional(),
  /** Whether that file exists yet (it is written on the first set). */
  fileExists: z.boolean(),
  provider: z.string(),
  /** A person-facing name: "OS keychain (Secret Service)", "passphrase (scrypt)". */
  providerLabel: z.string(),
  /** Whether secrets survive the end of this process. */
  persistent: z.boolean(),
  safety: VaultSafetySchema,
  state: VaultStateSchema,
  /** One sentence for people: what this means and, if needed, what to do. */
  message: z.string(),
  entryCount: z.number().int().nonnegative(),
  corruptFiles: z.array(CorruptFileSchema),
  error: WireErrorSchema.optional(),
});
export type VaultHealth = z.infer<typeof VaultHealthSchema>;
