import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { PromptInfoSchema, ToolInfoSchema, type PromptInfo, type ToolInfo } from '../../shared/api';
import { checkedIn, readJsonFile, writeFileAtomic } from '../fs-safe';
import { pinStateSchema, type PinState } from './pin-state';

export const PIN_FILE_VERSION = 1;

export interface ServerPins {
  tools: PinState<ToolInfo>;
  prompts: PinState<PromptInfo>;
}

const PinFileSchema = z.object({
  version: z.literal(PIN_FILE_VERSION),
  server: z.string(),
  tools: pinStateSchema<ToolInfo>(ToolInfoSchema),
  prompts: pinStateSchema<PromptInfo>(PromptInfoSchema),
});

export function pinFile(dir: string, server: string): string {
  return join(dir, `${server}.json`);
}

export type PinRead = { ok: true; pins: ServerPins } | { ok: false; reason: string };

/**
 * A missing file: the server was never listed since its approval. An unreadable or invalid one is
 * not trusted as pins (that would approve whatever it says): it is reported and the server's next
 * listing is pinned afresh, as on first sight.
 */
export async function readPins(dir: string, server: string): Promise<PinRead> {
  const read = await readJsonFile(pinFile(dir, server), PinFileSchema, server, checkedIn(dir, `pins v${PIN_FILE_VERSION}`));
  if (!read.ok) return read;
  return { ok: true, pins: { tools: read.value.tools, prompts: read.value.prompts } };
}

/** Atomic (fs-safe): another process reading it never sees half a file. */
export async function writePins(dir: string, server: string, pins: ServerPins): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFileAtomic(pinFile(dir, server), `${JSON.stringify({ version: PIN_FILE_VERSION, server, ...pins }, null, 2)}\n`);
}
