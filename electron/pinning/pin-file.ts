import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { PromptInfoSchema, ResourceInfoSchema, ResourceTemplateInfoSchema, ToolInfoSchema, lazySchema, type PromptInfo, type ResourceInfo, type ResourceTemplateInfo, type ToolInfo } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { checkedIn, readJsonFile, writeFileAtomic } from '../fs-safe';
import { pinStateSchema, type PinState } from './pin-state';

export const PIN_FILE_VERSION = 1;

/**
 * The largest pin file written or read. A server's listing is at most 16 MiB (pool/listing-bound.ts);
 * its pins hold its approved definitions and the held ones of one listing (each at most a listing),
 * with some 150 bytes of digest and time per item (10,000 items at most): some 34 MiB in all, and
 * the removed ones it remembers (at most 16 MiB of definitions, pin-state.ts MAX_GONE_BYTES). A state
 * past this (approvals gathered from many listings) is refused where it would be made, not written.
 */
export const MAX_PIN_FILE_BYTES = 64 * 1024 * 1024;

export interface ServerPins {
  tools: PinState<ToolInfo>;
  prompts: PinState<PromptInfo>;
  /**
   * Absent in a file written before resources were pinned: the next listing pins its resources (or
   * templates) as they are then, as a first listing does, and holds what changes after.
   */
  resources?: PinState<ResourceInfo> | undefined;
  templates?: PinState<ResourceTemplateInfo> | undefined;
  /**
   * Set when the server's pin file could not be read: every name it lists was held again, and none
   * is approved without the person (not even under `pinning.acceptNewTools`) until nothing waits.
   */
  unverified?: { since: number; reason: string } | undefined;
}

/**
 * Built at its first use: a start whose pin files are all as checked (fs-safe/checked-files.ts)
 * never walks one, and building it at import was 163 of the schemas `serve` built before health.
 */
const PinFileSchema = lazySchema(() =>
  z.object({
    version: z.literal(PIN_FILE_VERSION),
    server: z.string(),
    tools: pinStateSchema<ToolInfo>(ToolInfoSchema),
    prompts: pinStateSchema<PromptInfo>(PromptInfoSchema),
    resources: pinStateSchema<ResourceInfo>(ResourceInfoSchema).optional(),
    templates: pinStateSchema<ResourceTemplateInfo>(ResourceTemplateInfoSchema).optional(),
    unverified: z.object({ since: z.number(), reason: z.string().max(500) }).optional(),
  }),
);

/**
 * The file's own JSON, once PinFileSchema passed it. A zod parse builds new objects, and a key
 * `__proto__` (a tool or prompt so named, a member of a definition) assigned to one sets its
 * prototype instead: the name would be new at the next start, the definition not the one approved.
 * JSON.parse keeps such a key an own property, and so does the rest of pinning (own-entry.ts).
 */
const PinFileAsWritten = z.unknown().superRefine((value, ctx) => {
  const checked = PinFileSchema.safeParse(value, { jitless: true });
  const issue = checked.success ? undefined : checked.error.issues[0];
  if (issue) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
}) as unknown as z.ZodType<z.infer<typeof PinFileSchema>>;

export function pinFile(dir: string, server: string): string {
  return join(dir, `${server}.json`);
}

export type PinRead = { ok: true; pins: ServerPins } | { ok: false; reason: string };

/**
 * A missing file: the server was never listed since its approval. An unreadable or invalid one
 * (too large, not JSON, another server's) is reported: it is never taken as a first sight, which
 * would approve whatever the server lists (pins.ts holds all of it instead).
 */
export async function readPins(dir: string, server: string): Promise<PinRead> {
  const read = await readJsonFile(pinFile(dir, server), PinFileAsWritten, server, checkedIn(dir, `pins v${PIN_FILE_VERSION}`), MAX_PIN_FILE_BYTES);
  if (!read.ok) return read;
  const { tools, prompts, resources, templates, unverified } = read.value;
  return { ok: true, pins: { tools, prompts, ...(resources ? { resources } : {}), ...(templates ? { templates } : {}), ...(unverified ? { unverified } : {}) } };
}

/** The file's text, compact; a CodedError when it would be past MAX_PIN_FILE_BYTES (it could not be read back). */
export function pinFileText(server: string, pins: ServerPins): string {
  const text = `${JSON.stringify({ version: PIN_FILE_VERSION, server, ...pins })}\n`;
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_PIN_FILE_BYTES) {
    throw new CodedError('server_unavailable', `The pinned tools of "${server}" would take ${Math.ceil(bytes / 1024 / 1024)} MiB, past the bound of ${MAX_PIN_FILE_BYTES / 1024 / 1024} MiB; nothing of it was approved or written`, {
      hint: `refuse some of what waits (\`connected-services servers review ${server}\`), or check the server: a listing of this size is not one we know of`,
      data: { pinsBound: MAX_PIN_FILE_BYTES },
    });
  }
  return text;
}

/** Atomic (fs-safe): another process reading it never sees half a file. */
export async function writePins(dir: string, server: string, text: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFileAtomic(pinFile(dir, server), text);
}
