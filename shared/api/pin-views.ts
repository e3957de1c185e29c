import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** One run of a description's word diff: unchanged, added or removed text. */
export const WordChangeSchema = lazySchema(() => z.object({ text: z.string(), op: z.enum(['same', 'added', 'removed']) }));
export type WordChange = z.infer<typeof WordChangeSchema>;

/** One change of a tool's schema (a property of `inputSchema`/`outputSchema`, `required`) or a prompt's arguments. */
export const SchemaChangeSchema = lazySchema(() =>
  z.object({
    /** `input`, `output`, `arguments`, `annotations` or `title`. */
    part: z.string(),
    change: z.enum(['added', 'removed', 'changed', 'required', 'optional']),
    /** The property, argument or annotation; absent for the part as a whole. */
    name: z.string().optional(),
    before: z.string().optional(),
    after: z.string().optional(),
  }),
);
export type SchemaChange = z.infer<typeof SchemaChangeSchema>;

/**
 * A tool or prompt a server lists that agents do not see until the person decides: new (`added`) or
 * different from the definition approved (`changed`, agents keep seeing the approved one).
 */
export const HeldChangeSchema = lazySchema(() =>
  z.object({
    server: z.string(),
    kind: z.enum(['tool', 'prompt']),
    name: z.string(),
    change: z.enum(['added', 'changed']),
    seenAt: z.number(),
    description: z.array(WordChangeSchema),
    schema: z.array(SchemaChangeSchema),
  }),
);
export type HeldChange = z.infer<typeof HeldChangeSchema>;

/** One decision on a held change. */
export const PinDecisionSchema = lazySchema(() =>
  z.strictObject({
    kind: z.enum(['tool', 'prompt']),
    name: z.string().min(1).max(512),
    decision: z.enum(['accept', 'refuse']),
  }),
);
export type PinDecision = z.infer<typeof PinDecisionSchema>;
