import { rename } from 'node:fs/promises';
import { z } from 'zod';
import { type ServerConfig, type StdioServerConfig, isStdio } from '../../shared/config';
import type { Approval } from '../../shared/api';
import { writeFileAtomic } from '../fs-safe';
import { FileLock } from '../fs-safe';
import { approvalFingerprint, carriesCredential, formerCommandFingerprint, sendsSecret } from './fingerprint';
import { legacyCoversEntry, legacyFingerprint } from './legacy-command-approvals';
import { errnoCode, fsFailure, MAX_STATE_FILE_BYTES, readTextFile } from '../fs-safe';
import type { CommandApprovalStore } from './types';

const FINGERPRINT = z.string().regex(/^[0-9a-f]{64}$/);
const V1RecordSchema = z.object({ name: z.string(), fingerprint: FINGERPRINT, approvedAt: z.number() });
/** `fingerprintVersion: 1`: carried over from a version-1 file, in its older fingerprint. */
const RecordSchema = V1RecordSchema.extend({ fingerprintVersion: z.literal(1).optional() });
export type ApprovalRecord = z.infer<typeof RecordSchema>;

/**
 * approvals.json: which server (by name) may run which exact entry, or send its secrets where (an
 * HTTP entry with references). Commands and URLs themselves are not stored. Version 1 (earlier
 * releases) held fingerprints that left most env values out; it is read, and written back as
 * version 2 with those records marked.
 */
const ApprovalsFileSchema = z.union([
  z.object({ version: z.literal(2), approvals: z.array(RecordSchema) }),
  z.object({ version: z.literal(1), approvals: z.array(V1RecordSchema) }).transform(({ approvals }) => ({
    version: 2 as const,
    approvals: approvals.map((record): ApprovalRecord => ({ ...record, fingerprintVersion: 1 })),
  })),
]);
type ApprovalsFile = z.output<typeof ApprovalsFileSchema>;

type ReadResult = { ok: true; data: ApprovalsFile } | { ok: false; reason: string };

export interface CommandApprovalStoreOptions {
  now: () => number;
  log: (line: string) => void;
}

function approves(record: ApprovalRecord, config: ServerConfig): boolean {
  // Version 1 approved commands only.
  if (!isStdio(config)) return record.fingerprintVersion === undefined && record.fingerprint === approvalFingerprint(config);
  // Version 1 never saw `auth` or `credentialFile`: it cannot have approved handing the program a credential.
  if (record.fingerprintVersion === 1) return legacyCoversEntry(config) && !carriesCredential(config) && record.fingerprint === legacyFingerprint(config);
  // An approval given while `idleTimeoutMs` and `roots` still counted holds for the entry as it was approved.
  return record.fingerprint === approvalFingerprint(config) || record.fingerprint === formerCommandFingerprint(config);
}

export class FileCommandApprovalStore implements CommandApprovalStore {
  readonly file: string;
  readonly #lock: FileLock;
  readonly #options: CommandApprovalStoreOptions;
  /** Per server name: an approval is that name together with that entry, never the entry alone. */
  #approved = new Map<string, ApprovalRecord>();
  #ignored: string | undefined;

  constructor(file: string, options: CommandApprovalStoreOptions) {
    this.file = file;
    this.#options = options;
    this.#lock = new FileLock(file, { label: 'approvals.json' });
  }

  status(name: string, config: ServerConfig): Approval {
    // An HTTP entry is approved only when it sends a secret: where it sends it is what is approved.
    if (!isStdio(config) && !sendsSecret(config)) return 'not_needed';
    const record = this.#approved.get(name);
    return record !== undefined && approves(record, config) ? 'approved' : 'pending';
  }

  /** Whether any record is still in the version-1 fingerprint. */
  hasVersion1(): boolean {
    return [...this.#approved.values()].some((record) => record.fingerprintVersion === 1);
  }

  /** Whether `name` holds a version-1 approval of this entry's command, whatever its env values. */
  approvedBefore(name: string, config: StdioServerConfig): boolean {
    const record = this.#approved.get(name);
    return record?.fingerprintVersion === 1 && record.fingerprint === legacyFingerprint(config);
  }

  /** Approving a new command (or secret destination) for a name replaces that name's earlier approval. */
  async approve(name: string, config: ServerConfig): Promise<void> {
    await this.#rewrite(name, { name, fingerprint: approvalFingerprint(config), approvedAt: this.#options.now() });
  }

  /** The record `name` holds now, to put back with `restore` when what approved it is undone. */
  recordOf(name: string): ApprovalRecord | undefined {
    const record = this.#approved.get(name);
    return record === undefined ? undefined : { ...record };
  }

  /** Puts `name`'s approval back as it was before an undone approval: `previous`, or none at all. */
  async restore(name: string, previous: ApprovalRecord | undefined): Promise<void> {
    await this.#rewrite(name, previous === undefined ? undefined : { ...previous, name });
  }

  async #rewrite(name: string, record: ApprovalRecord | undefined): Promise<void> {
    await this.#lock.run(async () => {
      const current = await this.#read();
      let data: ApprovalsFile = { version: 2, approvals: [] };
      if (current.ok) data = current.data;
      else if (current.reason !== 'missing') await this.#moveAside(current.reason);
      data.approvals = data.approvals.filter((entry) => entry.name !== name);
      if (record !== undefined) data.approvals.push(record);
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
      this.#approved = new Map();
      this.#ignored = current.reason === 'missing' ? undefined : current.reason;
    }
  }

  /** Why the file on disk was ignored at the last read (every entry then waits for approval), if it was. */
  ignoredBecause(): string | undefined {
    return this.#ignored;
  }

  #use(data: ApprovalsFile): void {
    this.#approved = new Map(data.approvals.map((entry) => [entry.name, entry]));
    this.#ignored = undefined;
  }

  async #read(): Promise<ReadResult> {
    let text: string;
    try {
      text = await readTextFile(this.file, MAX_STATE_FILE_BYTES);
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
