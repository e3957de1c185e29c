import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { fsFailure, MAX_STATE_FILE_BYTES, readTextFileSync, writeFileAtomic } from '../fs-safe';
import { parseFile, publicView } from './agent-file';
import { AGENTS_FILE_VERSION, type Agent, type StoredAgent } from './agent-schema';

/** How many of the last writes are kept: a reader that fell further behind counts the rest as an edit (logged twice at worst, never missed). */
export const KEPT_WRITES = 64;

const WritesFileSchema = z.object({
  version: z.literal(1),
  /** Digests (sha256, hex) of agents.json's text before and after each write this product made, oldest first. */
  writes: z.array(z.object({ from: z.string(), to: z.string() })).max(KEPT_WRITES),
  /** The text of the last write: a hand edit after it is told apart from the writes before it. */
  last: z.string().optional(),
});
type Write = z.infer<typeof WritesFileSchema>['writes'][number];

/** The digest of agents.json's text; the empty text stands for no file. */
export function textDigest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * `agents-writes.json` beside agents.json: each write the product's own code makes (this process's or
 * another's: a command, a program) as the digests of the text it replaced and the text it wrote. Those
 * writers log their changes themselves; a change no chain of them explains was made by something else
 * (a hand edit), and is logged by the app that finds it. Written before agents.json, under its lock, so
 * a reader that sees the new text finds its write here.
 */
export class HeldAgentsFile {
  readonly writesFile: string;
  readonly #file: string;
  readonly #onEdited: (edit: AgentsFileEdit) => void;
  /** The text, its digest and agents of the last valid agents.json held: an edit found is told against it. */
  #held = { text: '', digest: textDigest(''), agents: [] as StoredAgent[] };

  constructor(file: string, onEdited: (edit: AgentsFileEdit) => void) {
    this.#file = file;
    this.writesFile = path.join(path.dirname(file), 'agents-writes.json');
    this.#onEdited = onEdited;
  }

  /** agents.json's agents (`none`: no file); a change no write of ours explains is told (`tell`). @throws CodedError invalid_config */
  read(stamp: string, tell: boolean): StoredAgent[] {
    const text = stamp === 'none' ? '' : readTextFileSync(this.#file, MAX_STATE_FILE_BYTES);
    const agents = stamp === 'none' ? [] : parseFile(text, this.#file);
    const held = this.#held;
    this.#held = { text, digest: textDigest(text), agents };
    if (tell && !reaches(this.#read(), held.digest, this.#held.digest)) this.#onEdited(fileEdit(held.agents, agents));
    return agents;
  }

  /** Writes these agents (under agents.json's lock, after `read`), the write noted first. */
  async write(agents: StoredAgent[]): Promise<void> {
    const text = `${JSON.stringify({ version: AGENTS_FILE_VERSION, agents }, null, 2)}\n`;
    const writes = [...this.#read(), { from: this.#held.digest, to: textDigest(text) }].slice(-KEPT_WRITES);
    await writeFileAtomic(this.writesFile, `${JSON.stringify({ version: 1, writes, last: text })}\n`, { mode: 0o600 }).catch((error: unknown) => {
      throw fsFailure(error, 'write', this.writesFile);
    });
    await writeFileAtomic(this.#file, text).catch((error: unknown) => {
      throw fsFailure(error, 'write', this.#file);
    });
    this.#held = { text, digest: textDigest(text), agents };
  }

  /**
   * The text held now, and what changed since agents.json held `seen` that no write of ours explains
   * (a hand edit while no app watched; `seen` unreadable counts as no agents; none given, nothing).
   */
  since(seen?: string): { text: string; edit?: AgentsFileEdit } {
    const { text, agents } = this.#held;
    const { writes, last } = this.#readFile();
    if (seen === undefined || reaches(writes, textDigest(seen), textDigest(text))) return { text };
    // Our writes since `seen` are logged by their writers: told from the last of them, when they lead there.
    const from = last !== undefined && reaches(writes, textDigest(seen), textDigest(last)) ? last : seen;
    let before: StoredAgent[] = [];
    try {
      if (from !== '') before = parseFile(from, this.#file);
    } catch {
      // What the app saw was valid when it saw it; damaged since, it is told as no agents.
    }
    return { text, edit: fileEdit(before, agents) };
  }

  #read(): Write[] {
    return this.#readFile().writes;
  }

  #readFile(): { writes: Write[]; last?: string | undefined } {
    try {
      const parsed = WritesFileSchema.safeParse(JSON.parse(readTextFileSync(this.writesFile, 2 * MAX_STATE_FILE_BYTES)));
      return parsed.success ? parsed.data : { writes: [] };
    } catch {
      // Missing or unreadable: no write is vouched for, so a change found is logged (twice at worst).
      return { writes: [] };
    }
  }
}

/** Whether a chain of writes leads from `from` to `to` (a write noted but never made leaves a branch). */
export function reaches(writes: readonly Write[], from: string, to: string): boolean {
  if (from === to) return true;
  const seen = new Set([from]);
  const queue = [from];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const w of writes) {
      if (w.from !== at || seen.has(w.to)) continue;
      if (w.to === to) return true;
      seen.add(w.to);
      queue.push(w.to);
    }
  }
  return false;
}

/** What an edit by something else changed, as the agents' views (no token digests). */
export interface AgentsFileEdit {
  before: Agent[];
  after: Agent[];
  /** Agents in both whose token was replaced. */
  newToken: string[];
}

export function fileEdit(before: readonly StoredAgent[], after: readonly StoredAgent[]): AgentsFileEdit {
  const old = new Map(before.map((a) => [a.name, a.tokenHash]));
  return {
    before: before.map(publicView),
    after: after.map(publicView),
    newToken: after.filter((a) => old.has(a.name) && old.get(a.name) !== a.tokenHash).map((a) => a.name),
  };
}
