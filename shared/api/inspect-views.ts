import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * What a server said, as the app keeps it: stderr lines, the pool's notes about it (dropped output,
 * idle stops), its state changes, and its own `notifications/message` logs. Redacted before kept.
 */
export const LOG_KINDS = ['stderr', 'note', 'state', 'message'] as const;
export const LogKindSchema = lazySchema(() => z.enum(LOG_KINDS));

export const LogLineSchema = lazySchema(() => z.object({
  /** Cursor: increases by one per line of this server, never reused while the app runs. */
  seq: z.number().int().min(1),
  at: z.number(),
  kind: LogKindSchema,
  /** For `message`: the MCP logging level. */
  level: z.string().optional(),
  text: z.string(),
}));
export type LogLine = z.infer<typeof LogLineSchema>;

export const LogTailSchema = lazySchema(() => z.object({
  server: z.string(),
  lines: z.array(LogLineSchema),
  /** Pass as `after` to read what comes next (the last line's seq, or where the log ends). */
  cursor: z.number().int().min(0),
  /** Lines after the asked cursor that the ring buffer no longer holds. */
  missed: z.number().int().min(0),
}));
export type LogTail = z.infer<typeof LogTailSchema>;

/** Resource contents (MCP `resources/read`) less what is too large to show, which says its size instead. */
export const ResourceContentsSchema = lazySchema(() => z.looseObject({
  uri: z.string(),
  mimeType: z.string().optional(),
  text: z.string().optional(),
  /** base64 */
  blob: z.string().optional(),
  /** Set when the text or blob was left out for its size (bytes, as the server sent them). */
  omitted: z.object({ bytes: z.number().int(), limit: z.number().int() }).optional(),
}));
export type ResourceContents = z.infer<typeof ResourceContentsSchema>;

export const ResourceReadSchema = lazySchema(() => z.object({ contents: z.array(ResourceContentsSchema) }));
export type ResourceRead = z.infer<typeof ResourceReadSchema>;

export const PromptMessageSchema = lazySchema(() => z.looseObject({
  role: z.string(),
  content: z.looseObject({ type: z.string() }),
}));
export type PromptMessage = z.infer<typeof PromptMessageSchema>;

export const PromptResultSchema = lazySchema(() => z.object({
  description: z.string().optional(),
  messages: z.array(PromptMessageSchema),
}));
export type PromptResult = z.infer<typeof PromptResultSchema>;
