import { z } from 'zod';
import { WireErrorSchema, type WireError } from '../../shared/errors';

/** What the trade of a link ends in: a session secret, the server's refusal, or no answer at all. */
export type SignInOutcome = { session: string } | { refused: WireError } | { lost: true };

const SessionSchema = z.object({ session: z.string().min(1).max(256) });

/**
 * Trades the printed link's one-time secret for this tab's session secret (`POST /api/session`).
 * The session secret is kept in memory only: sessionStorage would survive a reload, but Chromium
 * writes it to the profile for session restore, where any process of the user could read it, as it
 * reads the history. A reload therefore needs a new address (`serve --ui-link`).
 */
export async function exchangeSignInLink(link: string, options: { fetch?: typeof fetch; baseUrl?: string } = {}): Promise<SignInOutcome> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Not 'omit': Chromium then ignores the answer's Clear-Site-Data (electron/web/sign-in-routes.ts).
      // The server reads no cookie, and sets none.
      credentials: 'same-origin',
      body: JSON.stringify({ link }),
    });
  } catch {
    return { lost: true };
  }
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  if (response.ok) {
    const parsed = SessionSchema.safeParse(body);
    if (parsed.success) return { session: parsed.data.session };
  }
  const wire = WireErrorSchema.safeParse(body.error);
  return { refused: wire.success ? wire.data : { code: 'internal', message: `Signing in failed with HTTP ${response.status}` } };
}
