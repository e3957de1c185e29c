import { z } from 'zod';
import { HttpServerSchema, ServerNameSchema, StdioServerSchema } from '../config';
import { SECRET_NAME_PATTERN } from '../vault';
import { lazySchema } from './lazy-schema';
import { ServerStatusSchema } from './views';

/** The steps of adding a service in one go, in order. */
export const ADD_SERVICE_STEPS = ['secrets', 'add', 'approve', 'connect'] as const;
export type AddServiceStep = (typeof ADD_SERVICE_STEPS)[number];

/**
 * `addService`: a service added, approved as shown and connected in one transaction. With `dryRun`
 * nothing is written: the answer says what the approval would show. `approve.commandLine` is the line
 * the person was shown (the dry run's); a different one is refused before anything is written.
 */
export const AddServiceInputSchema = lazySchema(() =>
  z.strictObject({
    name: ServerNameSchema,
    config: z.union([StdioServerSchema, HttpServerSchema]),
    /** Stored in the vault for this server only, before the entry that names them as `${secret:NAME}`. */
    secrets: z
      .array(z.strictObject({ name: z.string().regex(SECRET_NAME_PATTERN), value: z.string().min(1).max(64 * 1024) }))
      .max(16)
      .optional(),
    approve: z.strictObject({ commandLine: z.string().max(64 * 1024) }).optional(),
    /** Default true: sign in when needed and start the server. */
    connect: z.boolean().optional(),
    /**
     * False: never begin a sign-in. A server that asks for one fails the connect step
     * (auth_required), which undoes the rest: for a caller whose sign-in would not last.
     */
    signIn: z.boolean().optional(),
    flow: z.enum(['browser', 'device']).optional(),
    dryRun: z.boolean().optional(),
  }),
);

export const AddServiceStepSchema = lazySchema(() =>
  z.object({
    step: z.enum(ADD_SERVICE_STEPS),
    outcome: z.enum(['done', 'not_needed', 'skipped']),
  }),
);

export const AddServiceResultSchema = lazySchema(() =>
  z.object({
    /** What the approval covers (the command line, or where an HTTP entry sends its secrets); absent when it needs none. */
    commandLine: z.string().optional(),
    needsApproval: z.boolean(),
    steps: z.array(AddServiceStepSchema),
    /** The server as it is now (absent after a dry run). */
    status: ServerStatusSchema.optional(),
    /** Said before it is added (a dry run): what it names on this computer that is not there (yet), a sentence each. */
    notes: z.array(z.string()).optional(),
  }),
);
/**
 * The data of a failed `addService`: the steps done before (each undone since) and the one that
 * failed, with its own message and hint (the error's hint is about adding it again).
 */
/** The most of a failed program's output a failure carries. */
export const MAX_FAILED_OUTPUT = 8 * 1024;

export const AddServiceFailureSchema = lazySchema(() =>
  z.object({
    undone: z.literal(true),
    steps: z.array(z.enum(ADD_SERVICE_STEPS)),
    /** `output`: what a program printed before it failed to start (its stderr's tail, redacted), shown under the steps: its entry is gone, and its logs with it. */
    failed: z.object({ step: z.enum(ADD_SERVICE_STEPS), message: z.string(), hint: z.string().optional(), output: z.string().max(MAX_FAILED_OUTPUT).optional() }),
  }),
);
export type AddServiceFailure = z.infer<typeof AddServiceFailureSchema>;
export type AddServiceInput = z.infer<typeof AddServiceInputSchema>;
export type AddServiceResult = z.infer<typeof AddServiceResultSchema>;
