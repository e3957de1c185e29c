import { z } from 'zod';
import { SERVER_NAME } from '../config';

/** How a service signs in, as the catalog and the UI name it (the config's `auth.type`, or none). */
export const CATALOG_AUTH = ['none', 'oauth', 'device', 'api_key', 'client_credentials'] as const;
export const CatalogAuthSchema = z.enum(CATALOG_AUTH);
export type CatalogAuth = z.infer<typeof CatalogAuthSchema>;

const https = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });

/** A value the person supplies when adding a local server: an argument or an environment variable. */
export const CatalogInputSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/),
  label: z.string().min(1),
  description: z.string().optional(),
  /** Stored in the vault and written into mcp.json as `${secret:ID}`. */
  secret: z.boolean(),
  /**
   * With `secret`: the value is a file's content (a key or token file of several lines), handed to the
   * program as the path of a private copy, `${secretFile:ID}`.
   */
  file: z.boolean().optional(),
  /**
   * The value is a path the program resolves against its own working folder, which is the app's: a
   * relative one (`notes`, or `~/notes`, which no shell expands here) would name another folder.
   */
  absolutePath: z.boolean().optional(),
  /** Where the person gets the value (a client ID, a token, a key file). */
  helpUrl: https.optional(),
  required: z.boolean(),
  target: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('env'), name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/) }),
    z.strictObject({ kind: z.literal('arg') }),
  ]),
});
export type CatalogInput = z.infer<typeof CatalogInputSchema>;
/** An absolute path on POSIX (`/…`) or Windows (`C:\\…`, `\\\\server\\share`). */
export const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/]|\\\\)/;


/** The API key of an `api_key` service: where it goes in the request. */
export const CatalogApiKeySchema = z.strictObject({
  label: z.string().min(1),
  /** Default `Authorization`. */
  header: z.string().optional(),
  /** Default `Bearer` for the Authorization header. */
  scheme: z.string().optional(),
  /** Some services work without a key, with lower limits. */
  optional: z.boolean().optional(),
});

const common = {
  id: z.string().regex(SERVER_NAME),
  name: z.string().min(1).max(60),
  description: z.string().min(1).max(300),
  /** A key the UI maps to an icon; unknown keys get a monogram. */
  icon: z.string().regex(/^[a-z0-9-]+$/),
  docsUrl: https,
  auth: CatalogAuthSchema,
  apiKey: CatalogApiKeySchema.optional(),
  /**
   * Whether the address and auth type were checked against the provider's own documentation.
   * Unverified entries are shown with a note so the person checks them first.
   */
  verified: z.boolean(),
  note: z.string().optional(),
};

export const HttpCatalogEntrySchema = z.strictObject({
  ...common,
  transport: z.literal('http'),
  url: https,
});

export const StdioCatalogEntrySchema = z.strictObject({
  ...common,
  transport: z.literal('stdio'),
  command: z.string().min(1),
  args: z.array(z.string()),
  /**
   * The argument naming the package or image that runs, when it is not the first argument that is
   * not an option (`pipx run analytics-mcp`): how a configured server is matched to this entry.
   */
  package: z.string().min(1).optional(),
  inputs: z.array(CatalogInputSchema).optional(),
  /** A reference server of the MCP project, run on this computer. */
  reference: z.boolean().optional(),
});

export const CatalogEntrySchema = z.discriminatedUnion('transport', [HttpCatalogEntrySchema, StdioCatalogEntrySchema]);
export type CatalogEntry = z.infer<typeof CatalogEntrySchema>;
export type HttpCatalogEntry = z.infer<typeof HttpCatalogEntrySchema>;
export type StdioCatalogEntry = z.infer<typeof StdioCatalogEntrySchema>;
