import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { PromptInfoSchema, ToolInfoSchema, type PromptInfo, type ToolInfo } from '../../shared/api';
import { writeFileAtomic } from '../fs-safe';
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
  let text: string;
  try {
    text = await readFile(pinFile(dir, server), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' ? 'missing' : `unreadable (${code ?? 'error'})` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  }
  const parsed = PinFileSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: `invalid (${parsed.error.issues[0]?.message ?? 'schema'})` };
  if (parsed.data.server !== server) return { ok: false, reason: `belongs to "${parsed.data.server}"` };
  return { ok: true, pins: { tools: parsed.data.tools, prompts: parsed.data.prompts } };
}

/** Atomic (fs-safe): another process reading it never sees half a file. */
export async function writePins(dir: string, server: string, pins: ServerPins): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFileAtomic(pinFile(dir, server), `${JSON.stringify({ version: PIN_FILE_VERSION, server, ...pins }, null, 2)}\n`);
}
