import { z } from 'zod';
import {
  AdminEntrySchema,
  AdminActorSchema,
  ConfirmationAnswerSchema,
  ConfirmationOutcomeSchema,
  ConfirmationSchema,
} from './admin-views';
import { ImportReportSchema, ImportSourceSchema } from './views';
import { Ok } from './method-schemas';

/** Import, confirmations of the command line's widenings, and the admin log. */
export const ADMIN_METHODS = {
  importConfig: () => ({
    input: z.strictObject({
      source: ImportSourceSchema,
      path: z.string().optional(),
      /** Credential files named in env: `move` their contents into the vault as `${secretFile:…}` (default: leave them, report them). */
      credentialFiles: z.enum(['move', 'leave']).optional(),
    }),
    output: ImportReportSchema,
  }),
  /**
   * Widenings asked for from the command line, waiting for the person (see SECURITY.md).
   * @deprecated kept for one release; use `listDecisions` (kind `confirmation`).
   */
  listConfirmations: () => ({ input: z.strictObject({}), output: z.array(ConfirmationSchema) }),
  /**
   * How one stands for whoever asked: waiting, or its end and answer, once (docs/library.md). `claim`
   * is what the request's `denied` error gave its asker alone: ids are listed to every caller.
   */
  confirmationAnswer: () => ({ input: z.strictObject({ id: z.string().min(1).max(100), claim: z.string().min(1).max(100) }), output: ConfirmationAnswerSchema }),
  /** The asker takes back its own waiting request (it stopped waiting, or is closing), proven by the same claim: it ends as withdrawn. */
  withdrawConfirmation: () => ({ input: z.strictObject({ id: z.string().min(1).max(100), claim: z.string().min(1).max(100) }), output: Ok }),
  /**
   * The person's interfaces only: confirming runs the request as the person; `result` is its answer
   * (a new agent's token is shown to the person, not to whoever asked).
   * @deprecated kept for one release; use `decide` with kind `confirmation`.
   */
  decideConfirmation: () => ({
    input: z.strictObject({ id: z.string().min(1).max(100), decision: z.enum(['confirm', 'refuse']) }),
    output: z.object({ outcome: ConfirmationOutcomeSchema, error: z.string().optional(), result: z.unknown().optional() }),
  }),
  /** Changes of policy, agents, servers, secrets and settings, newest first. */
  readAdminLog: () => ({
    input: z.strictObject({ who: AdminActorSchema.optional(), limit: z.number().int().min(1).max(5000).optional() }),
    output: z.array(AdminEntrySchema),
  }),
  /** Widenings made from the command line while no app ran, not yet acknowledged. */
  listOfflineChanges: () => ({ input: z.strictObject({}), output: z.array(AdminEntrySchema) }),
  /** The person's interfaces only: marks the changes up to `upTo` (a time) as reviewed. */
  acknowledgeChanges: () => ({ input: z.strictObject({ upTo: z.number() }), output: Ok }),
};
