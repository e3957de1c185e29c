import { z } from 'zod';
import { WireErrorSchema } from '../../shared/errors';

const IdleSchema = z.object({ reason: z.literal('idle') });

/**
 * The server's sentence when a 401 says this tab's session ended for want of use (`data.reason`),
 * undefined for any other answer: an unknown secret (serve started again) says no reason.
 */
export function idleRefusal(status: number, body: unknown): string | undefined {
  if (status !== 401 || body === null || typeof body !== 'object') return undefined;
  const wire = WireErrorSchema.safeParse((body as { error?: unknown }).error);
  return wire.success && IdleSchema.safeParse(wire.data.data).success ? wire.data.message : undefined;
}
