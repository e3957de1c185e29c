import { z } from 'zod';
import { AskActionSchema, AskContentSchema, PendingAskSchema } from './ask-views';
import { Ok } from './method-schemas';

/** Servers' requests waiting for the person (docs/asks.md), and the links the person opens. */
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
  /**
   * The person's interfaces only: opens a link the person clicked in the browser, after the checks
   * sign-in uses, no closer than `server` (the server whose content shows it; none: a registry's or
   * the app's own, held to public addresses), its host name looked up now. `checkOnly`: the checks
   * alone, for the web UI, whose browser opens the link in a tab of its own.
   */
  openLink: () => ({
    input: z.strictObject({ url: z.string().min(1).max(4096), server: z.string().min(1).max(100).optional(), checkOnly: z.literal(true).optional() }),
    output: Ok,
  }),
};
