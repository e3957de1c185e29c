import { z } from 'zod';
import { AddServiceInputSchema, AddServiceResultSchema } from './add-service-views';
import { ServerNameSchema } from '../config';
import { ServerStatusSchema } from './views';
import { SignInProgressSchema } from './sign-in-views';
import { ByName, Ok, SecretWritten } from './method-schemas';

/** Connecting a server: starting it, signing in and out, API keys. */
export const SIGN_IN_METHODS = {
  /**
   * Starts the server now (spawn or connect) and refreshes its inventory; for an OAuth server
   * without a valid credential, runs the sign-in flow first (browser, or device code).
   */
  connect: () => ({
    /**
     * `retry`: a sign-in to it already in progress is cancelled and a new one started (else that is refused).
     * `signIn: false`: start it only; one that needs a sign-in answers auth_required instead of beginning
     * one (a script that no one follows, e.g. the CLI's listings without a terminal). `signIn: true`:
     * sign in now even when the held credential still works ("Sign in with the browser" on a signed-in
     * service); the new tokens replace the held ones only when they arrive.
     */
    input: z.strictObject({ name: ServerNameSchema, flow: z.enum(['browser', 'device']).optional(), retry: z.boolean().optional(), signIn: z.boolean().optional() }),
    output: ServerStatusSchema,
  }),
  /**
   * Forgets the server's tokens (optionally revoking them at the authorization server) and stops it.
   * With `revoke`: `revoked` tells whether every grant was revoked; if not, `revokeError` says which were
   * not and why (they may still be live at their authorization server). `forgotApiKey`: with `revoke`,
   * the API key kept for this server alone was deleted from the vault (a key is not revoked here).
   * `grantSharedWith`: with `revoke`, other services signed in with the same issuer and client (one
   * grant at many servers): its tokens were deleted here, not revoked, so the others keep working.
   */
  disconnect: () => ({
    /**
     * `forgetIssuer`: also forget which authorization server the entry's client secret belongs to, so
     * the next sign-in may send it to another one (a widening). `forgottenIssuer`: the one forgotten,
     * null when none was pinned.
     */
    input: z.strictObject({ name: ServerNameSchema, revoke: z.boolean().optional(), forgetIssuer: z.boolean().optional() }),
    output: ServerStatusSchema.extend({ revoked: z.boolean().optional(), revokeError: z.string().optional(), grantSharedWith: z.array(z.string()).optional(), forgotApiKey: z.boolean().optional(), forgottenIssuer: z.string().nullable().optional() }),
  }),
  /** Cancels a sign-in in progress (browser or device code). */
  cancelLogin: () => ({ input: ByName, output: Ok }),
  /** Sign-ins in progress (and the last end of each), with the browser's sign-in address and when the wait ends. */
  listSignIns: () => ({ input: z.strictObject({}), output: z.array(SignInProgressSchema) }),
  /**
   * Stores the API key of an `api_key` entry where the entry reads it (its `\${secret:NAME}`, else the
   * vault entry `<server>/apiKey`); a server waiting for it starts again.
   */
  setApiKey: () => ({ input: z.strictObject({ name: ServerNameSchema, value: z.string().min(1).max(64 * 1024) }), output: SecretWritten }),
  /**
   * A service added, approved as the person was shown it and connected (signed in, started, tools
   * listed) in one transaction: a step that fails undoes the ones before it (docs/sign-in.md).
   */
  addService: () => ({ input: AddServiceInputSchema, output: AddServiceResultSchema }),
};
