import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const SIGN_IN_STATES = ['waiting', 'signed_in', 'cancelled', 'expired', 'failed'] as const;

/**
 * A sign-in the core runs for a server, so every window can find it, show its address and cancel it:
 * `waiting` while the person is on the sign-in page (or entering a code), then one end state.
 */
export const SignInProgressSchema = lazySchema(() => z.object({
  server: z.string(),
  flow: z.enum(['browser', 'device', 'client_credentials']),
  state: z.enum(SIGN_IN_STATES),
  /** The authorization URL (browser flow), validated by the core (https:, or http: to loopback) before it is shown or opened. */
  url: z.string().max(8192).optional(),
  /** ms since epoch. */
  startedAt: z.number(),
  /** When the core stops waiting for the browser or the code (ms since epoch). */
  expiresAt: z.number().optional(),
  /** Why it ended, for `expired` and `failed`. */
  message: z.string().optional(),
  /**
   * The authorization server's page about its error (RFC 6749 §5.2 `error_uri`), for `failed`: checked
   * by the core as the sign-in page is (https:, or http: to loopback), shown as a link, never opened.
   */
  errorUri: z.string().max(2048).optional(),
}));
export type SignInProgress = z.infer<typeof SignInProgressSchema>;
export type SignInState = SignInProgress['state'];
