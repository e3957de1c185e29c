import { readFile, rename } from 'node:fs/promises';
import { z } from 'zod';
import { type ServerConfig, type StdioServerConfig } from '../../shared/config';
import type { Approval } from '../../shared/api';
import { writeFileAtomic } from '../fs-safe';
import { FileLock } from '../fs-safe';
import { commandFingerprint } from './fingerprint';
import { errnoCode, fsFailure } from '../fs-safe';
import type { ApprovalStore } from './types';

/** approvals.json: which exact stdio commands the person allowed to run. Commands themselves are not stored. */
const ApprovalsFileSchema = z.object({
  version: z.literal(1),
  approvals: z.array(
    z.object({
      name: z.string(),
      fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
      approvedAt: z.number(),
    }),
  ),
});
type ApprovalsFile = z.infer<typeof ApprovalsFileSchema>;

type ReadResult = { ok: true; data: ApprovalsFile } | { ok: false; reason: string };

export interface ApprovalStoreOptions {
  now: () => number;
  log: (line: string) => void;
}

export class FileApprovalStore implements ApprovalStore {
  readonly file: string;
  readonly #lock: FileLock;
  readonly #options: ApprovalStoreOptions;
  #approved = new Set<string>();

  constructor(file: string, options: ApprovalStoreOptions) {
    this.file = file;
    this.#options = options;
    this.#lock = new FileLock(file, { label: 'approvals.json' });
  }

  status(_name: string, config: ServerConfig): Approval {
    if (!('command' in config)) return 'not_needed';
    return this.#approved.has(commandFingerprint(config)) ? 'approved' : 'pending';
  }

  /** Approving a new command for a name replaces that name's earlier approval. */
  async approve(name: string, config: StdioServerConfig): Promise<void> {
    await this.#lock.run(async () => {
      const current = await this.#read();
      let data: ApprovalsFile = { version: 1, approvals: [] };
      if (current.ok) data = current.data;
      else if (current.reason !== 'missing') await this.#moveAside(current.reason);
      const fingerprint = commandFingerprint(config);
      data.approvals = data.approvals.filter((entry) => entry.name !== name);
      data.approvals.push({ name, fingerprint, approvedAt: this.#options.now() });
      try {
        await writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
      } catch (error) {
        throw fsFailure(error, 'write', this.file);
      }
      this.#use(data);
    });
  }

  /** Re-reads the file (at open, and when another process changed it). A broken file approves nothing. */
  async load(): Promise<void> {
    const current = await this.#read();
    if (current.ok) this.#use(current.data);
    else {
      if (current.reason !== 'missing') this.#options.log(`${this.file} ignored: ${current.reason}`);
      this.#approved = new Set();
    }
  }

  #use(data: ApprovalsFile): void {
    this.#approved = new Set(data.approvals.map((entry) => entry.fingerprint));
  }

  async #read(): Promise<ReadResult> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return { ok: false, reason: 'missing' };
      throw fsFailure(error, 'read', this.file);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, reason: 'not valid JSON' };
    }
    const parsed = ApprovalsFileSchema.safeParse(raw);
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, reason: 'not in the expected format' };
  }

  /** Never silently emptied: the broken file is kept beside the new one for the person to look at. */
  async #moveAside(reason: string): Promise<void> {
    const aside = `${this.file}.corrupt-${this.#options.now()}`;
    try {
      await rename(this.file, aside);
      this.#options.log(`${this.file} was ${reason}; moved it to ${aside} and started a new one`);
    } catch (error) {
      throw fsFailure(error, 'move aside', this.file);
    }
  }
}
