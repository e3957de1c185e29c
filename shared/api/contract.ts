import { z } from 'zod';
import { HttpServerSchema, ServerNameSchema, StdioServerSchema } from '../config';
import { SECRET_NAME_PATTERN, VaultHealthSchema } from '../vault';
import {
  CallResultSchema,
  ConfigIssueSchema,
  DoctorCheckSchema,
  ImportReportSchema,
  ImportSourceSchema,
  PromptInfoSchema,
  ResourceInfoSchema,
  ResourceTemplateInfoSchema,
  ServerStatusSchema,
  ToolInfoSchema,
} from './views';

const ByName = z.strictObject({ name: ServerNameSchema });
const OptionalServer = z.strictObject({ server: ServerNameSchema.optional() });
const Ok = z.object({ ok: z.literal(true) });

export const StatusSchema = z.object({
  version: z.string(),
  dataDir: z.string(),
  configFile: z.string(),
  configIssues: z.array(ConfigIssueSchema),
  servers: z.array(ServerStatusSchema),
  vault: VaultHealthSchema,
});

const SecretNameSchema = z.string().regex(SECRET_NAME_PATTERN, 'use 1-128 letters, digits, "_", "." or "-"');
/** A named secret: global (`${secret:NAME}` anywhere) or scoped to one server. */
const SecretRef = z.strictObject({ name: SecretNameSchema, server: ServerNameSchema.optional() });

/**
 * The App API: every call the UI (and the CLI through `serve`) makes of the core.
 * Each method has a request schema that every transport parses, and a result schema.
 */
export const API_METHODS = {
  status: { input: z.strictObject({}), output: StatusSchema },
  addServer: {
    input: z.strictObject({ name: ServerNameSchema, config: z.union([StdioServerSchema, HttpServerSchema]) }),
    output: Ok,
  },
  removeServer: { input: ByName, output: Ok },
  setServerEnabled: { input: z.strictObject({ name: ServerNameSchema, enabled: z.boolean() }), output: Ok },
  approveServer: { input: ByName, output: Ok },
  /** Starts the server now (spawn or connect) and refreshes its inventory. */
  connect: { input: ByName, output: ServerStatusSchema },
  stopServer: { input: ByName, output: ServerStatusSchema },
  listTools: { input: OptionalServer, output: z.array(ToolInfoSchema) },
  listResources: {
    input: OptionalServer,
    output: z.object({ resources: z.array(ResourceInfoSchema), templates: z.array(ResourceTemplateInfoSchema) }),
  },
  listPrompts: { input: OptionalServer, output: z.array(PromptInfoSchema) },
  callTool: {
    input: z.strictObject({
      server: ServerNameSchema,
      tool: z.string().min(1),
      arguments: z.record(z.string(), z.unknown()).optional(),
      timeoutMs: z.number().int().min(1).max(3_600_000).optional(),
      /** Chosen by the caller so `callProgress` events can be matched to this call. */
      callId: z.string().max(100).optional(),
    }),
    output: CallResultSchema,
  },
  doctor: { input: z.strictObject({}), output: z.array(DoctorCheckSchema) },
  /** Names only: values never leave the core through the App API. */
  listSecrets: { input: z.strictObject({}), output: z.array(z.object({ name: z.string(), server: z.string().optional() })) },
  setSecret: { input: SecretRef.extend({ value: z.string().min(1).max(64 * 1024) }), output: Ok },
  deleteSecret: { input: SecretRef, output: z.object({ deleted: z.boolean() }) },
  importConfig: {
    input: z.strictObject({ source: ImportSourceSchema, path: z.string().optional() }),
    output: ImportReportSchema,
  },
} as const;

export type ApiMethods = typeof API_METHODS;
export type ApiMethod = keyof ApiMethods;
export type ApiInput<M extends ApiMethod> = z.input<ApiMethods[M]['input']>;
export type ApiOutput<M extends ApiMethod> = z.infer<ApiMethods[M]['output']>;

/** Everything the core pushes to the UI. */
export const API_EVENTS = {
  serverState: ServerStatusSchema,
  inventoryChanged: z.object({ server: z.string() }),
  configIssues: z.object({ issues: z.array(ConfigIssueSchema) }),
  callProgress: z.object({
    callId: z.string(),
    progress: z.number(),
    total: z.number().optional(),
    message: z.string().optional(),
  }),
} as const;

export type ApiEvents = typeof API_EVENTS;
export type ApiEvent = keyof ApiEvents;
export type ApiEventPayload<E extends ApiEvent> = z.infer<ApiEvents[E]>;

/** The core as the UI sees it: one async function per method, plus event subscription. */
export type AppApi = {
  [M in ApiMethod]: (input: ApiInput<M>) => Promise<ApiOutput<M>>;
} & {
  on<E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void): () => void;
};

export function isApiMethod(name: string): name is ApiMethod {
  return Object.prototype.hasOwnProperty.call(API_METHODS, name);
}
