import { z } from 'zod';
import { WireErrorSchema, type WireError } from '../../shared/errors';

/** What asking for a new address ends in: shown in serve's terminal, too soon, refused, or no answer. */
export type LinkRequestOutcome = { shown: true } | { tooSoon: { seconds: number } } | { refused: WireError } | { lost: true };

const ShownSchema = z.object({ result: z.object({ shown: z.literal(true) }) });
const RetrySchema = z.object({ retryAfterMs: z.number().int().positive().max(3_600_000) });

/**
 * Asks the running serve to print a new sign-in address where it runs (`POST /api/ui-link/request`,
 * no secret: a signed-out tab has none). The address is never in the answer; the person copies it
 * from serve's terminal into this tab, whose address watch signs it in.
 */
export async function requestSignInLink(options: { fetch?: typeof fetch; baseUrl?: string } = {}): Promise<LinkRequestOutcome> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}/api/ui-link/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'omit',
      body: '{}',
    });
  } catch {
    return { lost: true };
  }
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  if (response.ok && ShownSchema.safeParse(body).success) return { shown: true };
  const wire = WireErrorSchema.safeParse(body.error);
  if (!wire.success) return { refused: { code: 'internal', message: `Asking for a new address failed with HTTP ${response.status}` } };
  const retry = RetrySchema.safeParse(wire.data.data);
  if (wire.data.code === 'rate_limited' && retry.success) return { tooSoon: { seconds: Math.ceil(retry.data.retryAfterMs / 1000) } };
  return { refused: wire.data };
}
