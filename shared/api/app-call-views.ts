import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * A tool call an opened MCP App asks for that changes something (`write` or `destructive`), waiting
 * for the person (SEP-1865 §tools/call from the view: the host may block or approve). Its arguments
 * are shown as the app sent them (redacted, bounded by the App API's input limits).
 */
export const PendingAppCallSchema = lazySchema(() => z.object({
  id: z.string(),
  /**
   * The opened app that asks, by its `frame` tag (openApp's): it names the panel, and opens nothing.
   * Never its id, the app's only credential on the app origin: decisions are listed to every caller.
   */
  frame: z.string(),
  server: z.string(),
  tool: z.string(),
  tier: z.enum(['write', 'destructive']),
  arguments: z.record(z.string(), z.unknown()),
  requestedAt: z.number(),
  expiresAt: z.number(),
}));
export type PendingAppCall = z.infer<typeof PendingAppCallSchema>;
