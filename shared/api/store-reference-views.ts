import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { StoreNameSchema, StorePathSchema } from './secret-store-views';

/** The last time a store entry was read (a server's start, or a test from the Access page): never its value. */
export const StoreUseSchema = lazySchema(() =>
  z.object({
    at: z.number(),
    /** Whether the store gave a value. */
    ok: z.boolean(),
    /** The server it was read for (absent for a test). */
    server: z.string().optional(),
    /** Why not, in the store's words (redacted), and what to do. */
    problem: z.string().optional(),
    fix: z.string().optional(),
  }),
);
export type StoreUse = z.infer<typeof StoreUseSchema>;

/**
 * One `${secret:STORE:PATH}` a configured server names (docs/vault.md, "Secret stores"), as the
 * Access page lists it: which store, the reference, who uses it and whether it resolved. Never a value.
 */
export const StoreReferenceViewSchema = lazySchema(() =>
  z.object({
    store: z.string(),
    /** The store's kind; `unknown` when no store has that name. */
    type: z.enum(['pass', 'keepassxc', 'secret-service', 'command', 'unknown']),
    path: z.string(),
    /** As written in mcp.json, e.g. `${secret:pass:work/github-token}`. */
    reference: z.string(),
    /** Each server and field that names it, e.g. `env.GITHUB_TOKEN`, `headers.Authorization`, `args[2]`. */
    uses: z.array(z.object({ server: z.string(), field: z.string() })),
    lastUse: StoreUseSchema.optional(),
    /** Whether the store can read it for the person (a known store whose command, if any, is approved). */
    canReveal: z.boolean(),
    /** Whether the store takes a new value from here (pass, the Secret Service); others are changed in their own program. */
    canReplace: z.boolean(),
    /** Where and how the person changes the entry in the store's own program. */
    guidance: z.string(),
  }),
);
export type StoreReferenceView = z.infer<typeof StoreReferenceViewSchema>;

/** A store entry a configured server names: test and reveal refuse any other. */
export const StoreEntrySchema = lazySchema(() => z.strictObject({ store: StoreNameSchema, path: StorePathSchema }));
