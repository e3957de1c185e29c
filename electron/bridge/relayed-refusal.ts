import type { RequestId } from '@modelcontextprotocol/client';
import { z } from 'zod';

/** A body past this is not one of the bridge's refusals. */
const MAX_REFUSAL_CHARS = 64 * 1024;

const RefusalSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  error: z.object({ code: z.number().int(), message: z.string().max(10_000), data: z.unknown().optional() }),
});

export type Refusal = z.infer<typeof RefusalSchema>['error'];

/**
 * The bridge's own JSON-RPC refusal of request `id`, as the body of its HTTP 4xx carried it (MCP
 * 2025-11-25 basic/transports: an HTTP error may hold a JSON-RPC error response with no id where the
 * request's could not be read), from the SDK's HTTP error's `data.text`; undefined for anything else.
 * The stdio client gets the bridge's code and words, as an HTTP client would, not an internal error.
 */
export function refusalOf(data: unknown, id: RequestId): Refusal | undefined {
  const text = typeof data === 'object' && data !== null ? (data as { text?: unknown }).text : undefined;
  if (typeof text !== 'string' || text.length > MAX_REFUSAL_CHARS) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = RefusalSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const answered = parsed.data.id;
  return answered === undefined || answered === null || answered === id ? parsed.data.error : undefined;
}
