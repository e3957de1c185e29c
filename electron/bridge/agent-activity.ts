import path from 'node:path';
import { z } from 'zod';
import type { CoreEnv } from '../../shared/core-env';
import { errnoCode, MAX_STATE_FILE_BYTES, readTextFile, writeFileAtomic } from '../fs-safe';

/** `<dataDir>/agent-activity.json`: when each agent last reached the bridge, for the Agents screen. */
export const AGENT_ACTIVITY_FILE = 'agent-activity.json';
/** At most one write per this long while agents are busy; the rest waits for the next write or close. */
export const ACTIVITY_WRITE_MS = 60_000;

/** A protocol revision as MCP names them (`2025-11-25`); anything else a client sends is not kept. */
const REVISION = /^\d{4}-\d{2}-\d{2}$/;
const ActivityFileSchema = z.object({
  version: z.literal(1),
  lastUsed: z.record(z.string().max(200), z.number().int().nonnegative()),
  /** The MCP revision each agent last spoke (absent in files of earlier releases). */
  protocol: z.record(z.string().max(200), z.string().regex(REVISION)).optional(),
});

/** The core's data folder (the file lives there) and log, and how long writes wait. */
export interface AgentActivityOptions extends Pick<CoreEnv, 'dataDir' | 'log'> {
  writeDelayMs?: number;
}

/**
 * When each agent last authenticated, kept across restarts (so "never used" means never): set in
 * memory per request (a Map write, nothing else on the request path) and written at most once a
 * minute, and at close. What this process saw wins over what the file said.
 */
export class AgentActivity {
  readonly #file: string;
  readonly #core: Pick<CoreEnv, 'log'>;
  readonly #delayMs: number;
  /** This process's requests. */
  readonly #seen = new Map<string, number>();
  /** Earlier runs', from the file. */
  #before = new Map<string, number>();
  /** The revision each agent last spoke: this run's over earlier runs'. */
  #protocols = new Map<string, string>();
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  /** Whether this process has anything to write: a run that served no agent (one that failed to start) writes nothing. */
  #changed = false;

  constructor(options: AgentActivityOptions) {
    this.#file = path.join(options.dataDir, AGENT_ACTIVITY_FILE);
    this.#core = options;
    this.#delayMs = options.writeDelayMs ?? ACTIVITY_WRITE_MS;
  }

  /** Reads what earlier runs wrote; a missing or unreadable file is an empty history. */
  async load(): Promise<void> {
    let text: string;
    try {
      text = await readTextFile(this.#file, MAX_STATE_FILE_BYTES);
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') this.#core.log(`reading ${AGENT_ACTIVITY_FILE} failed (${String(errnoCode(error))}); agents' earlier use is not shown`);
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
    const parsed = ActivityFileSchema.safeParse(raw);
    if (!parsed.success) {
      this.#core.log(`${AGENT_ACTIVITY_FILE} is not what this version writes; agents' earlier use is not shown and the file is written anew`);
      this.#changed = true;
      return;
    }
    this.#before = new Map(Object.entries(parsed.data.lastUsed));
    for (const [agent, revision] of Object.entries(parsed.data.protocol ?? {})) if (!this.#protocols.has(agent)) this.#protocols.set(agent, revision);
  }

  /** A session of `agent` was opened in this revision (written with the next write of its use). */
  spoke(agent: string, revision: string): void {
    // A 2026-07-28 agent names its revision on every request: the same one again changes nothing.
    if (this.#protocols.get(agent) === revision || !REVISION.test(revision)) return;
    this.#protocols.set(agent, revision);
    this.#changed = true;
  }

  /** The MCP revision the agent last spoke, if known. */
  protocolOf(agent: string): string | undefined {
    return this.#protocols.get(agent);
  }

  used(agent: string, at: number): void {
    this.#seen.set(agent, at);
    this.#changed = true;
    if (this.#timer === undefined) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        void this.#write();
      }, this.#delayMs);
      this.#timer.unref();
    }
  }

  lastUsedAt(agent: string): number | undefined {
    return this.#seen.get(agent) ?? this.#before.get(agent);
  }

  /** The latest request of this process (the quiet-time watch), never an earlier run's. */
  lastRequestAt(): number | undefined {
    return this.#seen.size === 0 ? undefined : Math.max(...this.#seen.values());
  }

  /** Writes what is pending now; `keep` says which uses are of agents that still exist (a removed one is dropped). */
  async close(keep: (agent: string, at: number) => boolean): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#write(keep);
  }

  #write(keep: (agent: string, at: number) => boolean = () => true): Promise<void> {
    this.#writing = this.#writing.then(async () => {
      const all = new Map([...this.#before, ...this.#seen]);
      const lastUsed = Object.fromEntries([...all].filter(([agent, at]) => keep(agent, at)));
      // Nothing new and nothing to forget: the file already says it (and a data folder that cannot be written is not told twice).
      if (!this.#changed && Object.keys(lastUsed).length === all.size) return;
      this.#changed = false;
      const protocol = Object.fromEntries([...this.#protocols].filter(([agent]) => Object.hasOwn(lastUsed, agent)));
      try {
        await writeFileAtomic(this.#file, `${JSON.stringify({ version: 1, lastUsed, protocol })}\n`);
      } catch (error) {
        this.#changed = true; // tried again with the next write
        this.#core.log(`writing ${AGENT_ACTIVITY_FILE} failed (${String(errnoCode(error) ?? error)}); the Agents screen may show older use after a restart`);
      }
    });
    return this.#writing;
  }
}
