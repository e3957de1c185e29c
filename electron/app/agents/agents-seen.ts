import path from 'node:path';
import { z } from 'zod';
import { MAX_STATE_FILE_BYTES, readTextFileSync, writeFileAtomic } from '../../fs-safe';

/**
 * `agents-seen.json` beside agents.json: its text as the app last held it. Only the app writes it (one
 * app per data folder), so the next start can tell what was edited while no app watched; the
 * product's own writes in between (commands run while no app ran) are explained by agents-writes.json.
 */
export const SEEN_FILE = 'agents-seen.json';

const SeenSchema = z.object({ version: z.literal(1), text: z.string() });

/** What the app last held (`undefined`: never written, or unreadable: nothing to compare). */
export function readSeen(agentsFile: string): string | undefined {
  try {
    // agents.json's text in a JSON string: escaping can at most double its bound.
    const parsed = SeenSchema.safeParse(JSON.parse(readTextFileSync(path.join(path.dirname(agentsFile), SEEN_FILE), 2 * MAX_STATE_FILE_BYTES)));
    return parsed.success ? parsed.data.text : undefined;
  } catch {
    return undefined;
  }
}

export async function writeSeen(agentsFile: string, text: string): Promise<void> {
  await writeFileAtomic(path.join(path.dirname(agentsFile), SEEN_FILE), `${JSON.stringify({ version: 1, text })}\n`, { mode: 0o600 });
}
