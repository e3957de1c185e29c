import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Who called the App API, as the transport knows it: `app` the web UI's per-tab secret, `ipc` the
 * desktop window, `terminal` the person at `serve --confirm-at-terminal`, `cli` the command-line
 * credential in runtime.json (or a CLI command while an app runs), `cli-offline` a CLI command while
 * no app runs.
 */
export const CALLERS = ['app', 'ipc', 'terminal', 'cli', 'cli-offline'] as const;
export const CallerSchema = lazySchema(() => z.enum(CALLERS));
export type Caller = z.infer<typeof CallerSchema>;

/**
 * Who made a change in the admin log: a caller, `core` when the app did it by itself (a tool pinned at
 * its first listing), or `file` when the app found a file changed by something else (agents.json edited by hand).
 */
export const ADMIN_ACTORS = [...CALLERS, 'core', 'file'] as const;
export const AdminActorSchema = lazySchema(() => z.enum(ADMIN_ACTORS));
export type AdminActor = z.infer<typeof AdminActorSchema>;

/** The person's own interfaces: what they do is done, and only they confirm requests. */
export const PERSON_CALLERS: ReadonlySet<Caller> = new Set(['app', 'ipc', 'terminal']);

/** `pending`: written before a change made while no app ran, so a process killed in it still leaves the change listed. */
export const ADMIN_OUTCOMES = ['ok', 'failed', 'waiting', 'confirmed', 'refused', 'expired', 'withdrawn', 'acknowledged', 'pending'] as const;
export const AdminOutcomeSchema = lazySchema(() => z.enum(ADMIN_OUTCOMES));
export type AdminOutcome = z.infer<typeof AdminOutcomeSchema>;

/** One change of policy, agents, servers, secrets or settings (audit/admin.jsonl). */
export const AdminEntrySchema = lazySchema(() => z.object({
  id: z.string(),
  time: z.number(),
  who: AdminActorSchema,
  /** The process id the command line said it has (not proven). */
  pid: z.number().int().optional(),
  method: z.string(),
  /** One line for people, redacted. */
  summary: z.string(),
  /** The parsed input, redacted (secret values never), cut when long. */
  input: z.unknown().optional(),
  outcome: AdminOutcomeSchema,
  /** The confirmation this entry asked for or decided. */
  confirmation: z.string().optional(),
  /** How a change written ahead ended: the id of its `pending` line. */
  ahead: z.string().optional(),
  /** Why it failed, redacted. */
  error: z.string().optional(),
  /** A widening no app confirmed (made while none ran, or by editing agents.json): listed for review until the person marks it reviewed. */
  review: z.boolean().optional(),
}));
export type AdminEntry = z.infer<typeof AdminEntrySchema>;

/** A widening asked for from the command line, waiting for the person in the app. */
export const ConfirmationSchema = lazySchema(() => z.object({
  id: z.string(),
  method: z.string(),
  summary: z.string(),
  /** The parsed input, redacted: exactly what confirming runs. */
  input: z.unknown(),
  from: CallerSchema,
  pid: z.number().int().optional(),
  /** The process that asked has exited: confirming it would run for nobody, so it is refused. */
  askerGone: z.boolean().optional(),
  requestedAt: z.number(),
  expiresAt: z.number(),
}));
export type Confirmation = z.infer<typeof ConfirmationSchema>;

/** `expired`: its time ran out (or the app stopped); `withdrawn`: the program that asked stopped waiting (timed out or closed). */
export const ConfirmationOutcomeSchema = lazySchema(() => z.enum(['confirmed', 'refused', 'expired', 'withdrawn', 'failed']));
export type ConfirmationOutcome = z.infer<typeof ConfirmationOutcomeSchema>;

/** A confirmation's or admin entry's outcome in words for people. */
export function outcomeWords(outcome: string): string {
  return outcome === 'withdrawn' ? 'withdrawn: the program that asked stopped waiting' : outcome;
}

/** How a widening asked from the command line stands, for whoever asked it (a library waiting for the person). */
export const ConfirmationAnswerSchema = lazySchema(() => z.object({
  outcome: z.union([ConfirmationOutcomeSchema, z.literal('waiting')]),
  /** The answer of the confirmed method (not for a new agent's token, which is the person's). */
  result: z.unknown().optional(),
  error: z.string().optional(),
}));
export type ConfirmationAnswer = z.infer<typeof ConfirmationAnswerSchema>;
