import { z } from 'zod';

/**
 * `settings.secretStores`: the places besides our vault a `${secret:STORE:PATH}` reference may read
 * from (docs/vault.md, "Secret stores"). `pass`, `keepassxc` and `secret-service` work by those names
 * without an entry; an entry gives one a folder, a database, or another name.
 */
export const SECRET_STORE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,47}$/;
/** The names that need no entry; `vault` is ours and cannot be configured. */
export const DEFAULT_STORE_NAMES = ['pass', 'keepassxc', 'secret-service'] as const;
export const VAULT_STORE_NAME = 'vault';
export const MAX_SECRET_STORES = 32;
/** The longest a store's program may take to print one secret (a password manager may ask to unlock). */
export const MAX_STORE_TIMEOUT_MS = 120_000;
/** Where a command store's argument takes the reference's path. */
export const STORE_PATH_PLACEHOLDER = '{path}';

const absolutePath = z.string().max(4096).regex(/^(\/|[A-Za-z]:[\\/])/, 'must be an absolute path');
const timeoutMs = z.number().int().min(100).max(MAX_STORE_TIMEOUT_MS).optional();

export const PassStoreSchema = z.strictObject({
  type: z.literal('pass'),
  /** The password store (default: $PASSWORD_STORE_DIR, else ~/.password-store). */
  dir: absolutePath.optional(),
  /** GnuPG's home (default: $GNUPGHOME, else ~/.gnupg). */
  gnupgHome: absolutePath.optional(),
  timeoutMs,
});

export const KeepassxcStoreSchema = z.strictObject({
  type: z.literal('keepassxc'),
  /** The .kdbx file (default: $CONNECTED_SERVICES_KEEPASSXC_DATABASE). */
  database: absolutePath.optional(),
  /** A key file that opens the database with (or instead of) its password. */
  keyFile: absolutePath.optional(),
  /** The database's password: the vault secret of this name… */
  passwordSecret: z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, 'a vault secret name: 1-128 letters, digits, "_", "." or "-"').optional(),
  /** …or this environment variable (default: CONNECTED_SERVICES_KEEPASSXC_PASSWORD). */
  passwordEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,255}$/, 'an environment variable name').optional(),
  /** The database has no password, only its key file. */
  noPassword: z.boolean().optional(),
  timeoutMs,
});

export const SecretServiceStoreSchema = z.strictObject({
  type: z.literal('secret-service'),
  timeoutMs,
});

export const CommandStoreSchema = z.strictObject({
  type: z.literal('command'),
  /** The program, run without a shell; its exact command line waits for the person's approval. */
  command: z.string().min(1, 'must name a program').max(4096),
  /** Its arguments; `{path}` in any of them becomes the reference's path. */
  args: z.array(z.string().max(4096)).max(64).optional(),
  timeoutMs,
});

export const SecretStoreConfigSchema = z.discriminatedUnion('type', [
  PassStoreSchema,
  KeepassxcStoreSchema,
  SecretServiceStoreSchema,
  CommandStoreSchema,
]);
export type SecretStoreConfig = z.infer<typeof SecretStoreConfigSchema>;
export type CommandStoreConfig = z.infer<typeof CommandStoreSchema>;
export type SecretStoreType = SecretStoreConfig['type'];

export const SecretStoresSchema = z
  .record(
    z.string().regex(SECRET_STORE_NAME, 'a store name has 1-48 letters, digits, "_" or "-", starting with a letter'),
    SecretStoreConfigSchema,
  )
  .refine((stores) => Object.keys(stores).length <= MAX_SECRET_STORES, { error: `at most ${MAX_SECRET_STORES} stores` })
  .refine((stores) => !Object.hasOwn(stores, VAULT_STORE_NAME), { error: '"vault" is our own vault and cannot be configured' });

/** The stores a config can use: its own entries over the defaults (`pass`, `keepassxc`, `secret-service`). */
export function configuredStores(stores: Record<string, SecretStoreConfig> | undefined): Record<string, SecretStoreConfig> {
  const out: Record<string, SecretStoreConfig> = {};
  for (const name of DEFAULT_STORE_NAMES) out[name] = { type: name };
  return { ...out, ...stores };
}
