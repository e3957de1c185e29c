import { z } from 'zod';
import { ServerNameSchema } from '../config';
import {
  CallResultSchema,
  DoctorCheckSchema,
  PromptInfoSchema,
  ResourceInfoSchema,
  ResourceTemplateInfoSchema,
  ServerStatusSchema,
  ToolInfoSchema,
} from './views';
import { LogTailSchema, PromptResultSchema, ResourceReadSchema } from './inspect-views';
import { ByName, OptionalServer, Ok } from './method-schemas';

/** A server used as the person: stopped, its inventories, logs, reads, prompts, calls and MCP Apps; doctor. */
export const INSPECT_METHODS = {
  stopServer: () => ({ input: ByName, output: ServerStatusSchema }),
  listTools: () => ({ input: OptionalServer, output: z.array(ToolInfoSchema) }),
  listResources: () => ({
    input: OptionalServer,
    output: z.object({ resources: z.array(ResourceInfoSchema), templates: z.array(ResourceTemplateInfoSchema) }),
  }),
  listPrompts: () => ({ input: OptionalServer, output: z.array(PromptInfoSchema) }),
  /**
   * A server's kept log (stderr, notes, state changes, its log messages; redacted). Without `after`:
   * the last `limit` lines; with it, the lines after that cursor, oldest first, up to `limit`.
   */
  readLogs: () => ({
    input: z.strictObject({ server: ServerNameSchema, after: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(5000).optional() }),
    output: LogTailSchema,
  }),
  /** `resources/read` as the person (starts the server); contents past the size limit say their size instead. */
  readResource: () => ({ input: z.strictObject({ server: ServerNameSchema, uri: z.string().min(1).max(8192) }), output: ResourceReadSchema }),
  /** A tool's MCP App opened on the app origin (SEP-1865): its address for a sandboxed frame, and the features it was granted. */
  openApp: () => ({
    input: z.strictObject({ server: ServerNameSchema, tool: z.string().min(1).max(256) }),
    output: z.object({
      appId: z.string(),
      /** Names this app in its `appCall` decisions (theirs carry no `appId`); it opens nothing. */
      frame: z.string(),
      address: z.string(),
      /** The frame's `allow` attribute: only what the app asked for and the person allowed. */
      allow: z.string(),
      requested: z.array(z.enum(['camera', 'microphone', 'geolocation', 'clipboardWrite'])),
      prefersBorder: z.boolean().optional(),
      /** The origins the app's resource declared (its CSP's domains): all it may load from or connect to. */
      origins: z.array(z.string()).optional(),
      /** Origins on this computer the resource declared but may not reach (its server is not local, or they are the product's own ports). */
      dropped: z.array(z.string()).optional(),
    }),
  }),
  /**
   * A tool call an opened app asks for (SEP-1865 `tools/call` from the view): only its own server's
   * tools that are visible to apps; a `write` or `destructive` one waits for the person as a decision
   * of kind `appCall` (the tool and its arguments) and runs only once allowed. Recorded as the app's.
   */
  callAppTool: () => ({
    input: z.strictObject({
      appId: z.string().min(1).max(64),
      tool: z.string().min(1).max(256),
      arguments: z.record(z.string(), z.unknown()).optional(),
    }),
    output: CallResultSchema,
  }),
  /**
   * Closes an opened app: its address stops serving at once. The person closes any; the command
   * line's credential only the apps it opened (another's is `not_found`, as an id never issued).
   */
  closeApp: () => ({ input: z.strictObject({ appId: z.string().min(1).max(64) }), output: Ok }),
  /**
   * Keeps an opened app's entry while its panel is open (the panel asks about once a minute): an
   * entry nobody keeps expires ten minutes after its last use. `not_found` once it is gone.
   */
  keepApp: () => ({ input: z.strictObject({ appId: z.string().min(1).max(64) }), output: Ok }),
  /** What the person allowed a server's apps (camera, microphone, geolocation, clipboard write); nothing until allowed once. */
  listAppPermissions: () => ({
    input: z.strictObject({ server: ServerNameSchema }),
    output: z.object({ allowed: z.array(z.enum(['camera', 'microphone', 'geolocation', 'clipboardWrite'])) }),
  }),
  /** Replaces what a server's apps are allowed (kept per server in the data folder); an empty list revokes all. */
  setAppPermissions: () => ({
    input: z.strictObject({ server: ServerNameSchema, allowed: z.array(z.enum(['camera', 'microphone', 'geolocation', 'clipboardWrite'])).max(4) }),
    output: Ok,
  }),
  /** `prompts/get` as the person (starts the server). */
  getPrompt: () => ({
    input: z.strictObject({
      server: ServerNameSchema,
      name: z.string().min(1).max(256),
      arguments: z
        .record(z.string().max(256), z.string().max(1024 * 1024))
        .refine((args) => Object.keys(args).length <= 100, 'at most 100 arguments')
        .optional(),
    }),
    output: PromptResultSchema,
  }),
  callTool: () => ({
    input: z.strictObject({
      server: ServerNameSchema,
      tool: z.string().min(1),
      arguments: z.record(z.string(), z.unknown()).optional(),
      timeoutMs: z.number().int().min(1).max(3_600_000).optional(),
      /** Chosen by the caller so `callProgress` events can be matched to this call. */
      callId: z.string().max(100).optional(),
    }),
    output: CallResultSchema,
  }),
  /** `live`: also one harmless exchange (initialize, tools/list) with every enabled server, through the pool. */
  doctor: () => ({ input: z.strictObject({ live: z.boolean().optional() }), output: z.array(DoctorCheckSchema) }),
};
