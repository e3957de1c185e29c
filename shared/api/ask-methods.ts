import { z } from 'zod';
import { AskActionSchema, AskContentSchema, PendingAskSchema } from './ask-views';
import { Ok } from './method-schemas';

/** Servers' requests waiting for the person (docs/asks.md). */
export const ASK_METHODS = {
  /**
   * Servers' requests waiting for the person: forms, URLs to open, sampling to approve (docs/asks.md).
   * @deprecated kept for one release; use `listDecisions` (kind `ask`).
   */
  listAsks: () => ({ input: z.strictObject({}), output: z.array(PendingAskSchema) }),
  /**
   * The person's interfaces only: `content` with accept of a form (checked against its schema).
   * @deprecated kept for one release; use `decide` with kind `ask`.
   */
  answerAsk: () => ({
    input: z.strictObject({ id: z.string().min(1).max(100), action: AskActionSchema, content: AskContentSchema.optional() }),
    output: Ok,
  }),
  /** The person's interfaces only: opens a URL-mode request's URL after the checks sign-in uses; never opened otherwise. */
  openAskUrl: () => ({ input: z.strictObject({ id: z.string().min(1).max(100) }), output: Ok }),
};
