import { z } from 'zod';
import { SECRET_STORE_NAME } from '../config';
import { lazySchema } from './lazy-schema';
import { MAX_STORE_PATH, validStorePath } from '../vault';

/** One store `${secret:STORE:PATH}` may name, as `secrets stores` and the App API show it: never a value. */
export const SecretStoreViewSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    type: z.enum(['vault', 'pass', 'keepassxc', 'secret-service', 'command']),
    /** What it does besides get. */
    abilities: z.object({ list: z.boolean(), set: z.boolean(), delete: z.boolean() }),
    /** Whether it answers now; `detail` says what it is, or why not, and `fix` what to do. */
    ok: z.boolean(),
    detail: z.string(),
    fix: z.string().optional(),
    /** A command store: its command line as approved (`{path}` as written), and whether it is. */
    commandLine: z.string().optional(),
    /** The same command as the program and each argument, exactly as run (no shell): what the person approves. */
    argv: z.array(z.string()).optional(),
    approval: z.enum(['approved', 'pending']).optional(),
    /** Configured in settings.secretStores or named by a reference: a store no one uses is not a problem. */
    used: z.boolean(),
  }),
);
export type SecretStoreView = z.infer<typeof SecretStoreViewSchema>;

/** A path inside a store, as `${secret:STORE:PATH}` writes it (shared/vault/references.ts). */
export const StorePathSchema = lazySchema(() =>
  z.string().max(MAX_STORE_PATH).refine(validStorePath, `a path of 1-${MAX_STORE_PATH} printable characters, not starting with "-", without "." or ".." segments`),
);

export const StoreNameSchema = lazySchema(() =>
  z.string().regex(SECRET_STORE_NAME, 'a store name has 1-48 letters, digits, "_" or "-", starting with a letter'),
);
