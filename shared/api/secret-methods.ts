import { z } from 'zod';
import { ServerNameSchema } from '../config';
import { SECRET_NAME_PATTERN } from '../vault';
import { SecretStoreViewSchema, StoreNameSchema, StorePathSchema } from './secret-store-views';
import { Ok, SecretWritten } from './method-schemas';
import { StoreEntrySchema, StoreReferenceViewSchema, StoreUseSchema } from './store-reference-views';

const SecretNameSchema = z.string().regex(SECRET_NAME_PATTERN, 'use 1-128 letters, digits, "_", "." or "-"');

/** A named secret: global (`${secret:NAME}` anywhere) or scoped to one server. */
const SecretRef = z.strictObject({ name: SecretNameSchema, server: ServerNameSchema.optional() });

/** Secrets: the vault's named secrets and the secret stores (names and paths only, a value only when revealed). */
export const SECRET_METHODS = {
  /** Names only: values never leave the core through the App API. */
  listSecrets: () => ({ input: z.strictObject({}), output: z.array(z.object({ name: z.string(), server: z.string().optional() })) }),
  /** `warning`: kept, and what the person should know (a server not configured, a corrupt vault file found and moved aside). */
  setSecret: () => ({ input: SecretRef.extend({ value: z.string().min(1).max(64 * 1024) }), output: SecretWritten }),
  deleteSecret: () => ({ input: SecretRef, output: z.object({ deleted: z.boolean() }) }),
  /** Every store `${secret:STORE:PATH}` may name (settings.secretStores, the defaults, the vault) and whether it answers. */
  listSecretStores: () => ({ input: z.strictObject({}), output: z.array(SecretStoreViewSchema) }),
  /** A command store's command line; `commandLine`: what the person was shown, refused if it changed since. */
  approveSecretStore: () => ({ input: z.strictObject({ name: StoreNameSchema, commandLine: z.string().max(65_536).optional() }), output: Ok }),
  /** The paths a store holds, where it can list them (never a value). */
  listStoreSecrets: () => ({ input: z.strictObject({ store: StoreNameSchema }), output: z.array(z.string()) }),
  /** Stores a value at a path of a store that can (pass, the Secret Service, our vault). */
  setStoreSecret: () => ({ input: z.strictObject({ store: StoreNameSchema, path: StorePathSchema, value: z.string().min(1).max(64 * 1024) }), output: Ok }),
  deleteStoreSecret: () => ({ input: z.strictObject({ store: StoreNameSchema, path: StorePathSchema }), output: z.object({ deleted: z.boolean() }) }),
  /** A secret's value, for the person who asked to see or copy it (never to the command line). */
  revealSecret: () => ({ input: SecretRef, output: z.object({ value: z.string() }) }),
  /** Every `${secret:STORE:PATH}` a configured server names: store, uses, last resolution (never a value). */
  listStoreReferences: () => ({ input: z.strictObject({}), output: z.array(StoreReferenceViewSchema) }),
  /** Reads a referenced store entry now and says whether it resolved (the value stays in the core). */
  testStoreReference: () => ({ input: StoreEntrySchema, output: StoreUseSchema }),
  /** A referenced store entry's value, for the person who asked to see it (logged, as revealSecret). */
  revealStoreReference: () => ({ input: StoreEntrySchema, output: z.object({ value: z.string() }) }),
};
