import { z } from 'zod';
import { API_EVENTS, type ApiEvent } from '../../../shared/api';
import { WireErrorSchema, type WireError } from '../../../shared/errors';

export { CALL_CHANNEL, EVENT_CHANNEL, EVENT_READ_CHANNEL, PASSPHRASE_CHANNEL } from './ipc-channels';

export const CallRequestSchema = z.strictObject({
  method: z.string().min(1).max(64),
  input: z.unknown().optional(),
});
export type CallRequest = z.infer<typeof CallRequestSchema>;

/**
 * What `cs:call` answers. An Error thrown in an `ipcMain.handle` handler reaches the renderer as a
 * bare message, so failures travel as data with their code and hint.
 */
export type CallReply = { ok: true; result: unknown } | { ok: false; error: WireError };
export const CallReplySchema = z.union([
  z.strictObject({ ok: z.literal(true), result: z.unknown() }),
  z.strictObject({ ok: z.literal(false), error: WireErrorSchema }),
]);

export const EVENT_NAMES = Object.keys(API_EVENTS) as ApiEvent[];
export const EventMessageSchema = z.strictObject({
  event: z.enum(EVENT_NAMES as [ApiEvent, ...ApiEvent[]]),
  payload: z.unknown(),
});
export type EventMessage = z.infer<typeof EventMessageSchema>;

/** A message of `cs:event`: numbered, so the page can say how far it has read (`cs:event-read`). */
export const PageMessageSchema = z.union([
  z.strictObject({ seq: z.number().int().positive(), event: EventMessageSchema.shape.event, payload: z.unknown() }),
  // Events were withheld from the page while it did not read: it loads its state again.
  z.strictObject({ seq: z.number().int().positive(), reload: z.literal(true) }),
]);
export type PageMessage = z.infer<typeof PageMessageSchema>;
export const SeqSchema = z.number().int().positive();
