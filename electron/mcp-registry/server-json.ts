import { z } from 'zod';
import { EnvNameSchema, ownRecord } from '../../shared/config';

/**
 * server.json as the MCP Registry serves it (schema 2025-12-11; the registry's OpenAPI description,
 * `docs/reference/api/openapi.yaml`, components `ServerDetail`, `Package`, `Input`, `KeyValueInput`,
 * `Argument`, `StdioTransport`, `StreamableHttpTransport`, `SseTransport`). Every string and list is
 * bounded here: a registry is outside input, and one entry must never cost more than a few KiB.
 * Unknown keys are dropped, so nothing unchecked reaches the snapshot.
 */
const text = (max: number) => z.string().max(max);
const MAX_LIST = 64;

const InputFields = {
  description: text(1000).optional(),
  isRequired: z.boolean().optional(),
  format: z.enum(['string', 'number', 'boolean', 'filepath']).optional(),
  value: text(2000).optional(),
  isSecret: z.boolean().optional(),
  default: text(2000).optional(),
  placeholder: text(500).optional(),
  choices: z.array(text(500)).max(MAX_LIST).optional(),
};
export const InputSchema = z.object(InputFields);
export type RegistryInput = z.infer<typeof InputSchema>;

const Variables = ownRecord(text(100), InputSchema).refine((v) => Object.keys(v).length <= MAX_LIST, 'too many variables').optional();

export const KeyValueInputSchema = z.object({ ...InputFields, variables: Variables, name: z.string().min(1).max(200) });
export type KeyValueInput = z.infer<typeof KeyValueInputSchema>;
/** An environment variable: its name becomes `NAME=value` for the child, so `=`, NUL and "" are refused. */
const EnvVariableSchema = KeyValueInputSchema.extend({ name: EnvNameSchema });

const PositionalArgumentSchema = z.object({
  ...InputFields,
  variables: Variables,
  type: z.literal('positional'),
  valueHint: text(200).optional(),
  isRepeated: z.boolean().optional(),
}).refine((a) => a.valueHint !== undefined || a.value !== undefined, 'a positional argument needs valueHint or value');
const NamedArgumentSchema = z.object({
  ...InputFields,
  variables: Variables,
  type: z.literal('named'),
  name: z.string().min(1).max(200),
  isRepeated: z.boolean().optional(),
});
export const ArgumentSchema = z.union([PositionalArgumentSchema, NamedArgumentSchema]);
export type RegistryArgument = z.infer<typeof ArgumentSchema>;

const Headers = z.array(KeyValueInputSchema).max(MAX_LIST).optional();
const StdioTransportSchema = z.object({ type: z.literal('stdio') });
const StreamableHttpSchema = z.object({ type: z.literal('streamable-http'), url: z.string().min(1).max(2000), headers: Headers, variables: Variables });
const SseSchema = z.object({ type: z.literal('sse'), url: z.string().min(1).max(2000), headers: Headers, variables: Variables });
export const RemoteSchema = z.union([StreamableHttpSchema, SseSchema]);
export type RegistryRemote = z.infer<typeof RemoteSchema>;

/** "Must be a specific version": ranges and `latest` are refused (openapi.yaml, `Package.version`). */
const ExactVersion = z.string().min(1).max(255).refine((v) => v !== 'latest' && !/^[\^~<>=]|[*xX]$|\s/.test(v), 'not an exact version');

export const PackageSchema = z.object({
  registryType: z.string().min(1).max(50),
  registryBaseUrl: z.string().max(500).optional(),
  identifier: z.string().min(1).max(500),
  version: ExactVersion.optional(),
  fileSha256: z.string().regex(/^[a-f0-9]{64}$/).optional(),
  runtimeHint: text(50).optional(),
  transport: z.union([StdioTransportSchema, StreamableHttpSchema, SseSchema]),
  runtimeArguments: z.array(ArgumentSchema).max(MAX_LIST).optional(),
  packageArguments: z.array(ArgumentSchema).max(MAX_LIST).optional(),
  environmentVariables: z.array(EnvVariableSchema).max(MAX_LIST).optional(),
});
export type RegistryPackage = z.infer<typeof PackageSchema>;

/** `ServerDetail`. Descriptions are 100 characters by the spec; other registries get some slack. */
export const ServerDetailSchema = z.object({
  name: z.string().min(3).max(200).regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
  description: z.string().min(1).max(400),
  title: z.string().min(1).max(100).optional(),
  version: z.string().min(1).max(255),
  websiteUrl: z.string().max(1000).optional(),
  repository: z.object({ url: z.string().max(1000), source: text(50), id: text(200).optional(), subfolder: text(500).optional() }).optional(),
  packages: z.array(PackageSchema).max(MAX_LIST).optional(),
  remotes: z.array(RemoteSchema).max(MAX_LIST).optional(),
});
export type ServerDetail = z.infer<typeof ServerDetailSchema>;

export const ENTRY_STATUSES = ['active', 'deprecated', 'deleted'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** `_meta["io.modelcontextprotocol.registry/official"]`; statusMessage and statusChangedAt are the API's newer fields. */
export const OfficialMetaSchema = z.object({
  status: z.enum(ENTRY_STATUSES).optional(),
  statusMessage: text(1000).optional(),
  statusChangedAt: z.string().max(64).optional(),
  publishedAt: z.string().max(64).optional(),
  updatedAt: z.string().max(64).optional(),
  isLatest: z.boolean().optional(),
});
export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';

/** `ServerResponse`: the server and the registry's own metadata. */
export const ServerResponseSchema = z.object({
  server: ServerDetailSchema,
  _meta: z.object({ [OFFICIAL_META]: OfficialMetaSchema.optional() }).optional(),
});
export type ServerResponse = z.infer<typeof ServerResponseSchema>;

/** Servers one page may hold: ten times the 100 asked for. */
export const MAX_PAGE_SERVERS = 1000;

/** `ServerList`'s envelope; each item is checked on its own, so one bad entry never sinks a page. */
export const ServerListSchema = z.object({
  servers: z.array(z.unknown()).max(MAX_PAGE_SERVERS),
  metadata: z.object({ nextCursor: z.string().max(2000).nullable().optional(), count: z.number().int().optional() }).optional(),
});
