import { z } from 'zod';
import { CALLERS, ConfirmationSchema } from './admin-views';
import { AskActionSchema, AskContentSchema, PendingAskSchema } from './ask-views';
import { PendingAppCallSchema } from './app-call-views';
import { PendingApprovalSchema } from './bridge-views';
import { lazySchema } from './lazy-schema';
import { HeldChangeSchema } from './pin-views';

/**
 * What waits for the person, by kind: what it shows (`item`, the kind's own view) and how it is
 * answered. Adding a kind is one entry here and one source registered in electron/app/decisions.
 */
const KINDS = {
  /** An agent's call held by an `ask` policy. */
  call: {
    item: () => PendingApprovalSchema,
    answer: () => z.strictObject({ decision: z.enum(['allow', 'deny']), remember: z.boolean().optional() }),
  },
  /** A widening asked from the command line while an app runs. */
  confirmation: {
    item: () => ConfirmationSchema,
    answer: () => z.strictObject({ decision: z.enum(['confirm', 'refuse']) }),
  },
  /** A server's request for the person: a form, a URL to open, sampling to approve (docs/asks.md). */
  ask: {
    item: () => PendingAskSchema,
    answer: () => z.strictObject({ action: AskActionSchema, content: AskContentSchema.optional() }),
  },
  /** A write or destructive tool call an opened MCP App asks for. */
  appCall: {
    item: () => PendingAppCallSchema,
    answer: () => z.strictObject({ decision: z.enum(['allow', 'deny']) }),
  },
  /** A server's new or changed tool or prompt, held since its approval (docs/configuration.md, "Pinned tools"). */
  toolChange: {
    item: () => HeldChangeSchema,
    // `digest`: the held definition shown (its item's); the answer fails if what waits changed since.
    answer: () => z.strictObject({ decision: z.enum(['accept', 'refuse']), digest: z.string().regex(/^[0-9a-f]{64}$/).optional() }),
  },
} as const;

export type DecisionKind = keyof typeof KINDS;
export const DECISION_KINDS = Object.keys(KINDS) as DecisionKind[];

const common = {
  id: z.string(),
  /** One line for people, redacted: what is decided. */
  summary: z.string(),
  requestedAt: z.number(),
  /** When it is settled without the person (a time limit), if it has one. */
  expiresAt: z.number().optional(),
};

const decisionOf = <K extends DecisionKind, T extends z.ZodType>(kind: K, item: T) => z.object({ kind: z.literal(kind), ...common, item });
const decideOf = <K extends DecisionKind, A extends z.ZodType>(kind: K, answer: A) =>
  z.strictObject({ kind: z.literal(kind), id: z.string().min(1).max(100), answer });

/** One decision waiting for the person, whatever its kind. */
export const DecisionSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    decisionOf('call', KINDS.call.item()),
    decisionOf('confirmation', KINDS.confirmation.item()),
    decisionOf('ask', KINDS.ask.item()),
    decisionOf('toolChange', KINDS.toolChange.item()),
    decisionOf('appCall', KINDS.appCall.item()),
  ]),
);
export type Decision = z.infer<typeof DecisionSchema>;
export type DecisionOf<K extends DecisionKind> = Extract<Decision, { kind: K }>;

/** The person's answer to one decision: its kind, its id, and the kind's answer. */
export const DecideInputSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    decideOf('call', KINDS.call.answer()),
    decideOf('confirmation', KINDS.confirmation.answer()),
    decideOf('ask', KINDS.ask.answer()),
    decideOf('toolChange', KINDS.toolChange.answer()),
    decideOf('appCall', KINDS.appCall.answer()),
  ]),
);
export type DecideInput = z.infer<typeof DecideInputSchema>;
export type DecideInputOf<K extends DecisionKind> = Extract<DecideInput, { kind: K }>;

/** How a decision ended, as the kind words it (`allowed`, `confirmed`, `accept`…); a confirmation's `result`. */
export const DecideOutputSchema = lazySchema(() => z.object({
  outcome: z.string(),
  error: z.string().optional(),
  result: z.unknown().optional(),
}));
export type DecideOutput = z.infer<typeof DecideOutputSchema>;

/**
 * Who settled a decision: one of the person's interfaces (or the command line's), `person` when the
 * interface is not known, `agent` when the agent or the call gave up, `core` for a time limit, a
 * pause, a flood or closing.
 */
export const DECISION_DECIDERS = [...CALLERS, 'person', 'agent', 'core'] as const;
export type DecisionDecider = (typeof DECISION_DECIDERS)[number];

/** The one audit shape of every decision (audit/decisions.jsonl, and the `decisionSettled` event). */
export const DecisionRecordSchema = lazySchema(() => z.object({
  id: z.string(),
  kind: z.enum(DECISION_KINDS as [DecisionKind, ...DecisionKind[]]),
  /** What was decided (the decision's summary). */
  what: z.string(),
  who: z.enum(DECISION_DECIDERS),
  /** The kind's own word: allowed, denied, timeout, confirmed, refused, expired, accept, decline, folded (a tool change joined into its server's standing one)… */
  outcome: z.string(),
  requestedAt: z.number(),
  /** When it was settled. */
  time: z.number(),
  /** An agent's call: whose. */
  agent: z.string().optional(),
  /** This record stands for this many calls the agent withdrew unanswered in one minute (past the first 20), the first of them shown. */
  repeated: z.number().int().positive().optional(),
}));
export type DecisionRecord = z.infer<typeof DecisionRecordSchema>;
