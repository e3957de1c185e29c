import { z } from 'zod';
import { ServerNameSchema } from '../config';
import { ForgottenRemovalsSchema, HeldChangeSchema, MAX_PIN_DECISIONS, PinDecisionSchema, RefusedItemSchema, RemovedItemSchema } from './pin-views';
import { DecideInputSchema, DecideOutputSchema, DecisionSchema } from './decision-views';
import { OptionalServer, Ok } from './method-schemas';

/** What waits for the person: held tool changes, and the decisions of every kind. */
export const DECISION_METHODS = {
  /** Tools and prompts held since their server's approval (new or changed), with their differences; one server or all. */
  listHeldChanges: () => ({ input: OptionalServer, output: z.array(HeldChangeSchema) }),
  /** What the person refused, of one server or all: each listed or no longer, to accept after all or forget (`reviewChanges`). */
  listRefused: () => ({ input: OptionalServer, output: z.array(RefusedItemSchema) }),
  /** Approved tools, prompts and resources their server no longer lists (gone from agents at once), newest first; one server or all. */
  listRemoved: () => ({ input: OptionalServer, output: z.array(RemovedItemSchema) }),
  /** Servers whose pins forgot removed approved names: `pinning.acceptNewTools` approves none of their new names until reset. */
  listForgottenRemovals: () => ({ input: OptionalServer, output: z.array(ForgottenRemovalsSchema) }),
  /**
   * The person's decisions on held tools and prompts of one server, and on refused ones; `acceptAll` accepts whatever waits;
   * `resetForgotten` lets `pinning.acceptNewTools` approve its new names again though removed ones were forgotten.
   */
  reviewChanges: () => ({
    input: z.strictObject({
      name: ServerNameSchema,
      decisions: z.array(PinDecisionSchema).max(MAX_PIN_DECISIONS).optional(),
      acceptAll: z.boolean().optional(),
      resetForgotten: z.boolean().optional(),
    }),
    output: Ok,
  }),
  /** Everything waiting for the person, of every kind (calls, confirmations, asks, tool changes, app calls), oldest first. */
  listDecisions: () => ({ input: z.strictObject({}), output: z.array(DecisionSchema) }),
  /** Answers one decision; its power is its kind's (allowing a call widens; the others are the person's). */
  decide: () => ({ input: DecideInputSchema, output: DecideOutputSchema }),
};
