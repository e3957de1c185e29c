import { z } from 'zod';
import { groupDigits } from '../text';
import { lazySchema } from './lazy-schema';

/**
 * One run of a description's word diff: unchanged, added or removed text, or `skipped`: characters
 * left out (`text` empty), `before` of the approved description and `after` of the new one: equal for
 * a long unchanged run, else the end of a differing middle too long to compare.
 */
export const WordChangeSchema = lazySchema(() =>
  z.object({
    text: z.string(),
    op: z.enum(['same', 'added', 'removed', 'skipped']),
    before: z.number().int().nonnegative().optional(),
    after: z.number().int().nonnegative().optional(),
  }),
);
export type WordChange = z.infer<typeof WordChangeSchema>;

/** What a `skipped` run left out, as the CLI and the app say it. */
export function skippedWords(part: WordChange): string {
  const before = part.before ?? 0;
  const after = part.after ?? 0;
  if (before === after) return `…${groupDigits(before)} unchanged characters left out…`;
  return `…the rest not compared: ${groupDigits(before)} characters of the approved text, ${groupDigits(after)} of the new…`;
}

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
    /** `before` or `after` shows only part of its value: its changed region, what was left out marked `[…N characters…]`. */
    cut: z.boolean().optional(),
  }),
);
export type SchemaChange = z.infer<typeof SchemaChangeSchema>;

/** What a pin holds: a server's tools, prompts, resources (by URI) and resource templates (by URI template). */
export const PIN_KINDS = ['tool', 'prompt', 'resource', 'resourceTemplate'] as const;
export type PinKind = (typeof PIN_KINDS)[number];

/** A kind as a sentence says it. */
export const PIN_KIND_WORDS: Readonly<Record<PinKind, string>> = { tool: 'tool', prompt: 'prompt', resource: 'resource', resourceTemplate: 'resource template' };

/**
 * A tool, prompt, resource or resource template a server lists that agents do not see until the person decides: new (`added`) or
 * different from the definition approved (`changed`, agents keep seeing the approved one).
 */
export const HeldChangeSchema = lazySchema(() =>
  z.object({
    server: z.string(),
    kind: z.enum(PIN_KINDS),
    /** A tool's or prompt's name, a resource's URI, a template's URI template. */
    name: z.string(),
    change: z.enum(['added', 'changed']),
    /** The held definition's digest: a decision naming it is refused if what waits changed since. */
    digest: z.string().optional(),
    seenAt: z.number(),
    description: z.array(WordChangeSchema),
    schema: z.array(SchemaChangeSchema),
    /** Part of the difference is left out: a `skipped` run of the description, or a schema change `cut`. */
    cut: z.boolean().optional(),
  }),
);
export type HeldChange = z.infer<typeof HeldChangeSchema>;

/**
 * How many hex characters of a definition's digest the CLI shows and takes back (`--accept NAME@DIGEST`):
 * 64 bits, so a server cannot craft a second definition with the prefix of the one shown.
 */
export const SHORT_DIGEST_CHARS = 16;

/** A definition's digest as the CLI and the app's confirmation card show it. */
export function shortDigest(digest: string): string {
  return digest.slice(0, SHORT_DIGEST_CHARS);
}

/**
 * An approved tool, prompt, resource or resource template its server no longer lists: agents lost it
 * with that listing (`removedAt`), with no decision of the person. Remembered as approved until listed
 * again (500 names of a kind at most), so a rename shows its removed half beside the new name held.
 */
export const RemovedItemSchema = lazySchema(() =>
  z.object({
    server: z.string(),
    kind: z.enum(PIN_KINDS),
    name: z.string(),
    removedAt: z.number(),
    /** Its description as approved. */
    description: z.string().optional(),
  }),
);
export type RemovedItem = z.infer<typeof RemovedItemSchema>;

/**
 * One decision: on a held change, `accept` or `refuse`; on one the person refused before, `accept`
 * (its definition as refused, only while its server still lists exactly that) or `forget` (the
 * refusal dropped: listed again, it is held again); on one the server removed, `dismiss` (no longer
 * shown as removed; still remembered as approved, so listed again changed, it waits for review). `digest`: the definition the person saw (a held
 * change's or a refusal's); the decision is refused if it is no longer that one.
 */
export const PinDecisionSchema = lazySchema(() =>
  z.strictObject({
    kind: z.enum(PIN_KINDS),
    // A resource's URI may be long: the bridge takes URIs up to 8 KiB (bridge/input-bounds.ts).
    name: z.string().min(1).max(8192),
    decision: z.enum(['accept', 'refuse', 'forget', 'dismiss']),
    digest: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  }),
);
export type PinDecision = z.infer<typeof PinDecisionSchema>;

/** The most decisions one `reviewChanges` takes. */
export const MAX_PIN_DECISIONS = 1000;

/**
 * A tool, prompt, resource or template the person refused: it never reaches agents (nor is a refused
 * resource read) until they accept it after all or forget the refusal.
 */
export const RefusedItemSchema = lazySchema(() =>
  z.object({
    server: z.string(),
    kind: z.enum(PIN_KINDS),
    name: z.string(),
    /** False once the server no longer lists the name: still refused until the person forgets it. */
    listed: z.boolean(),
    /** Since when it is not listed. */
    unlistedSince: z.number().optional(),
    /** When the person refused it, and its description then; absent when refused before these were kept. */
    refusedAt: z.number().optional(),
    description: z.string().optional(),
    /** Its definition as refused is kept, so it can be accepted; otherwise only forgotten. */
    canAccept: z.boolean(),
    /** The refused definition's digest, when kept: accepting it names this. */
    digest: z.string().optional(),
    /**
     * The server's last listing carries another definition of the name than the one refused (held for
     * review, or one refused earlier): accepting the refused one is refused, as it is not what it lists.
     */
    changed: z.boolean().optional(),
  }),
);
export type RefusedItem = z.infer<typeof RefusedItemSchema>;

/**
 * A server whose pins forgot approved names it removed (past 500 of a kind, or 16 MiB of their
 * definitions) since `since`: one of its new names could be a forgotten one back, so none is
 * approved by `pinning.acceptNewTools` until the person resets it (`reviewChanges`, `resetForgotten`).
 */
export const ForgottenRemovalsSchema = lazySchema(() => z.object({ server: z.string(), since: z.number(), kinds: z.array(z.enum(PIN_KINDS)) }));
export type ForgottenRemovals = z.infer<typeof ForgottenRemovalsSchema>;
