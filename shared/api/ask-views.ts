import { z } from 'zod';
import { ownRecord } from '../config';
import { looksSecret } from '../text';
import { lazySchema } from './lazy-schema';
import { MAX_SHOWN_IMAGE_CHARS } from './media-facts';

/**
 * A server's request waiting for the person (MCP 2025-11-25 client/elicitation, client/sampling):
 * a form to fill in, a URL to open, or a sampling request to approve before it goes to the agent.
 */
export const ASK_KINDS = ['form', 'url', 'sampling'] as const;
export const ASK_ACTIONS = ['accept', 'decline', 'cancel'] as const;
export const AskActionSchema = lazySchema(() => z.enum(ASK_ACTIONS));
export type AskAction = z.infer<typeof AskActionSchema>;
/**
 * How a request ended: answered (by whom is in the audit entry), timed out, or ended with its call.
 * `error`: the agent's client answered with a JSON-RPC error, not an action (JSON-RPC 2.0 §5.1).
 */
export const ASK_OUTCOMES = ['accept', 'decline', 'cancel', 'error', 'timeout', 'ended'] as const;
export const AskOutcomeSchema = lazySchema(() => z.enum(ASK_OUTCOMES));
export type AskOutcome = z.infer<typeof AskOutcomeSchema>;

/** One block of a sampling message as the person is shown it (electron/app/asks/sampling-parts.ts). */
export const SamplingPartViewSchema = lazySchema(() => z.object({
  /** `text`, `image`, `audio`; another is shown by its type only. */
  type: z.string(),
  /** text: the text, redacted. */
  text: z.string().optional(),
  /** image, audio: the type the server names, cut. */
  mimeType: z.string().optional(),
  /** image, audio: its size, when its data is base64. */
  bytes: z.number().optional(),
  /** image: its base64, only of a type shown as pixels, within the bounds, its bytes that type's (media-facts.ts). */
  data: z.string().max(MAX_SHOWN_IMAGE_CHARS).optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  /** audio: a WAV's duration, read from its header. */
  durationMs: z.number().optional(),
  /** image: why it is not shown as pixels, in words. */
  unshown: z.string().optional(),
}));
export type SamplingPartView = z.infer<typeof SamplingPartViewSchema>;

export const SamplingMessageViewSchema = lazySchema(() => z.object({
  role: z.string(),
  /** Text content as text; anything else summarised (`[image image/png]`). */
  text: z.string(),
  /** The same content block by block, images shown (a core before these shows `text` only). */
  parts: z.array(SamplingPartViewSchema).optional(),
}));

export const ModelPreferencesViewSchema = lazySchema(() => z.object({
  hints: z.array(z.string()).optional(),
  costPriority: z.number().optional(),
  speedPriority: z.number().optional(),
  intelligencePriority: z.number().optional(),
}));

export const PendingAskSchema = lazySchema(() => z.object({
  id: z.string(),
  kind: z.enum(ASK_KINDS),
  server: z.string(),
  /** Whose call it is, when it belongs to one: `agent "claude"`, `you`. */
  asker: z.string().optional(),
  /** The agent whose call it is. */
  agent: z.string().optional(),
  /** The call it belongs to (`tool "x"`). */
  call: z.string().optional(),
  /** The App API call's own id (callTool's callId), so the caller can answer its own requests. */
  callId: z.string().optional(),
  message: z.string(),
  /** form: the requested schema (a flat object of primitive fields, as the spec restricts it). */
  requestedSchema: z.record(z.string(), z.unknown()).optional(),
  /** form: fields that look like secrets: the spec forbids asking for them by form; only Decline is offered. */
  sensitive: z.array(z.string()).optional(),
  /** url: the URL as sent, its origin (host in punycode), and why it may not be opened, if so. */
  url: z.string().optional(),
  origin: z.string().optional(),
  urlProblem: z.string().optional(),
  /** sampling: all that would be sent to the agent's model (nothing else of the server's request is). */
  messages: z.array(SamplingMessageViewSchema).optional(),
  systemPrompt: z.string().optional(),
  maxTokens: z.number().optional(),
  temperature: z.number().optional(),
  stopSequences: z.array(z.string()).optional(),
  /** The server's wishes for the model the agent picks (MCP client/sampling §Model Preferences): hints by name, priorities 0–1. */
  modelPreferences: ModelPreferencesViewSchema.optional(),
  requestedAt: z.number(),
  expiresAt: z.number(),
}));
export type PendingAsk = z.infer<typeof PendingAskSchema>;

export const AskSettledSchema = lazySchema(() => z.object({ id: z.string(), outcome: AskOutcomeSchema }));

/** One answer to a form: the primitive values the spec allows (string, number, boolean, enum arrays); a field named `__proto__` kept as one. */
export const AskContentSchema = lazySchema(() => ownRecord(z.string().max(200), z.union([z.string().max(64 * 1024), z.number(), z.boolean(), z.array(z.string().max(1024)).max(100)])));
export type AskContent = z.infer<typeof AskContentSchema>;

type Field = { type?: unknown; title?: unknown; description?: unknown; format?: unknown; default?: unknown; enum?: unknown; oneOf?: unknown; items?: unknown };

function fieldsOf(schema: Record<string, unknown>): [string, Field][] {
  const properties = schema['properties'];
  if (typeof properties !== 'object' || properties === null) return [];
  return Object.entries(properties as Record<string, unknown>).filter((e): e is [string, Field] => typeof e[1] === 'object' && e[1] !== null);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Fields that look like they ask for a secret (password, token, key, one-time code…): by their format,
 * or by name, title or description as `looksSecret` reads them (look-alike letters, other languages).
 */
export function sensitiveFields(schema: Record<string, unknown>): string[] {
  return fieldsOf(schema)
    .filter(([name, f]) => f.format === 'password' || looksSecret({ name, title: text(f.title), description: text(f.description) }))
    .map(([name]) => name);
}

/**
 * The form's starting values: each field's `default` when it has the field's type (SEP-1034: string,
 * integer, number, enum, boolean; multi-select enums too). Fields without one are left out.
 */
export function formDefaults(schema: Record<string, unknown>): AskContent {
  const out: AskContent = {};
  // Defined, not assigned: a field named `__proto__` stays a field.
  const set = (name: string, value: AskContent[string]) => Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  for (const [name, f] of fieldsOf(schema)) {
    const value = f.default;
    if (f.type === 'string' && typeof value === 'string') set(name, value);
    else if (f.type === 'integer' && typeof value === 'number' && Number.isInteger(value)) set(name, value);
    else if (f.type === 'number' && typeof value === 'number') set(name, value);
    else if (f.type === 'boolean' && typeof value === 'boolean') set(name, value);
    else if (f.type === 'array' && Array.isArray(value) && value.every((v) => typeof v === 'string')) set(name, value);
  }
  return out;
}

/** Why an answer does not fit the requested schema (unknown field, wrong type, missing required), or undefined. */
export function answerProblem(schema: Record<string, unknown>, content: AskContent): string | undefined {
  const fields = new Map(fieldsOf(schema));
  for (const [name, value] of Object.entries(content)) {
    const field = fields.get(name);
    if (!field) return `"${name}" is not a field of this form`;
    const type = field.type;
    const ok =
      (type === 'string' && typeof value === 'string') ||
      (type === 'number' && typeof value === 'number') ||
      (type === 'integer' && typeof value === 'number' && Number.isInteger(value)) ||
      (type === 'boolean' && typeof value === 'boolean') ||
      (type === 'array' && Array.isArray(value));
    if (!ok) return `"${name}" must be of type ${String(type)}`;
  }
  const required = Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : [];
  for (const name of required) if (typeof name === 'string' && !Object.hasOwn(content, name)) return `"${name}" is required`;
  return undefined;
}
