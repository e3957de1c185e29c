import { z } from 'zod';
import { ServerNameSchema } from '../config';

/** Inputs and outputs several App API methods share. */
export const ByName = z.strictObject({ name: ServerNameSchema });
export const OptionalServer = z.strictObject({ server: ServerNameSchema.optional() });
export const Ok = z.object({ ok: z.literal(true) });
/** A secret kept; `warning`: what the person should know (a server not configured, a corrupt vault file found and moved aside). */
export const SecretWritten = Ok.extend({ warning: z.string().optional() });
