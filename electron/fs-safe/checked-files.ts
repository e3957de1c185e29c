import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-write';
import { readRegularFileSync } from './read-regular-file';
import { MAX_STATE_FILE_BYTES } from './read-text-file';

/** Replaced at bundle time (electron/app/lifecycle/version.ts). */
declare const __CONNECTED_SERVICES_VERSION__: string | undefined;

/** A folder's memo, beside its `<server>.json` files: a server's name never starts with a dot. */
export const CHECKED_MEMO = '.checked.json';
const MAX_ENTRIES = 4096;
/** Builds remembered at once: the desktop app and the command line (two bundles) share a data folder. */
const MAX_BUILDS = 4;
/** What passed within this time is saved together, not in a write for each of a start-up's hundred files. */
const SAVE_DELAY_MS = 100;

const FilesSchema = z.record(z.string().max(255), z.string().regex(/^[0-9a-f]{64}$/));
/** Each build's own files, by stamp: one build never trusts what another checked. */
const MemoSchema = z.object({ version: z.literal(2), builds: z.record(z.string().max(256), FilesSchema) });

/**
 * This build of the code: a memo written by another version, or by another build of this one (a
 * schema changed in a working tree), is not trusted. The bundle's file changes with every build.
 */
function buildIdentity(): string {
  const version = typeof __CONNECTED_SERVICES_VERSION__ === 'string' ? __CONNECTED_SERVICES_VERSION__ : 'source';
  try {
    return `${version} ${statSync(fileURLToPath(import.meta.url)).mtimeMs}`;
  } catch {
    return version;
  }
}
let build: string | undefined;

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The SHA-256 of each file of one folder whose bytes its schema last found valid and left as they
 * were (the parsed value's JSON is the file's own): read again unchanged, the file is JSON.parse'd
 * without the schema's walk, the most of a start-up's CPU with 50 servers' inventories and pins.
 * One changed byte is another digest, so an edited or damaged file is checked in full again. The
 * memo lives in the folder it speaks of, in the data folder, which is the person's own (refused
 * when another user could write to it); `stamp` names the schema (its file format's version) and
 * the build adds itself, so a new version's schema checks every file once.
 */
export class CheckedFiles {
  readonly #memo: string;
  readonly #stamp: string;
  #files: Map<string, string> | undefined;
  /** The other builds' parts of the memo, as read: written back as they were. */
  #others: Record<string, Record<string, string>> = {};
  #timer: NodeJS.Timeout | undefined;

  constructor(dir: string, stamp: string) {
    this.#memo = join(dir, CHECKED_MEMO);
    this.#stamp = `${stamp} ${(build ??= buildIdentity())}`;
  }

  /** Read on first use; a missing, damaged or other build's memo is an empty one. */
  #known(): Map<string, string> {
    if (this.#files) return this.#files;
    this.#files = new Map();
    const read = readRegularFileSync(this.#memo, MAX_STATE_FILE_BYTES);
    if (!('bytes' in read)) return this.#files;
    try {
      const memo = MemoSchema.safeParse(JSON.parse(read.bytes.toString('utf8')), { jitless: true });
      if (!memo.success) return this.#files;
      const { [this.#stamp]: own, ...others } = memo.data.builds;
      this.#others = others;
      if (own) this.#files = new Map(Object.entries(own));
    } catch {
      // not JSON: an empty memo, rewritten at the next save
    }
    return this.#files;
  }

  /** Whether `name`'s bytes, of this digest, passed the schema unchanged before. */
  passed(name: string, digest: string): boolean {
    return this.#known().get(name) === digest;
  }

  /** `name`'s bytes passed unchanged: saved shortly, with what else passed meanwhile. */
  remember(name: string, digest: string): void {
    const files = this.#known();
    if (files.get(name) === digest) return;
    if (files.size >= MAX_ENTRIES) files.clear();
    files.set(name, digest);
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => void this.save(), SAVE_DELAY_MS);
    // A process ending meanwhile checks those files once more next time: nothing is lost but time.
    this.#timer.unref();
  }

  /** Writes the memo now (atomic); a failure only costs the next start its full checks. */
  async save(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const builds = Object.fromEntries([...Object.entries(this.#others).slice(1 - MAX_BUILDS), [this.#stamp, Object.fromEntries(this.#known())]]);
    await writeFileAtomic(this.#memo, `${JSON.stringify({ version: 2, builds })}\n`).catch(() => undefined);
  }
}

const byFolder = new Map<string, CheckedFiles>();

/** The one memo of a folder in this process. */
export function checkedIn(dir: string, stamp: string): CheckedFiles {
  const key = `${dir}\0${stamp}`;
  let found = byFolder.get(key);
  if (found === undefined) {
    found = new CheckedFiles(dir, stamp);
    byFolder.set(key, found);
  }
  return found;
}
