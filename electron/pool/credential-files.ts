import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodedError } from '../../shared/errors';
import { LockOwnerSchema, errnoCode, markHeld, ownerRecord, ownerStatus, systemProbe, writeFileAtomic, type LockOwner, type ProcessProbe } from '../fs-safe';

const OWNER_FILE = 'owner.json';

/**
 * The default runtime folder: the session's private `$XDG_RUNTIME_DIR` (tmpfs, cleared at log-out),
 * else one of ours in the temp folder. Never the data folder: it is the config folder people back up.
 */
export function defaultRuntimeDir(env: Record<string, string | undefined>): string {
  const xdg = env['XDG_RUNTIME_DIR'];
  if (xdg !== undefined && xdg.startsWith('/')) return join(xdg, 'connected-services');
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return join(tmpdir(), `connected-services-${uid}`);
}

/** A folder of ours: a real directory (no symlink), owned by this user, closed to everyone else. */
async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stat = await lstat(dir);
  const mine = typeof process.getuid !== 'function' || stat.uid === process.getuid();
  if (!stat.isDirectory() || stat.isSymbolicLink() || !mine || (process.platform !== 'win32' && (stat.mode & 0o077) !== 0)) {
    throw new CodedError('internal', `The runtime folder ${dir} is not a private folder of this user, so no credential is written there.`, {
      hint: `Remove ${dir} (or make it yours with mode 0700) and start again.`,
    });
  }
}

async function ownerOf(dir: string): Promise<LockOwner | undefined> {
  try {
    const parsed = LockOwnerSchema.safeParse(JSON.parse(await readFile(join(dir, OWNER_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface CredentialFilesOptions {
  root: string;
  probe?: ProcessProbe;
  log: (line: string) => void;
}

/**
 * Credential files of this process's stdio servers: in a folder of its own under the runtime folder (each
 * process its own, named by an owner record, so a CLI command never deletes the app's files). Folders of
 * processes that are gone (a crash) are deleted when the next one starts.
 */
export class CredentialFiles {
  readonly #options: CredentialFilesOptions;
  #dir: Promise<string> | undefined;
  #owner: LockOwner | undefined;

  constructor(options: CredentialFilesOptions) {
    this.#options = options;
  }

  /** Creates this process's folder (first use), sweeping the left-overs of crashed processes. */
  folder(): Promise<string> {
    this.#dir ??= this.#open();
    return this.#dir;
  }

  async #open(): Promise<string> {
    const { root } = this.#options;
    const probe = this.#options.probe ?? systemProbe;
    await privateDir(root);
    await this.sweep();
    const owner = ownerRecord(probe, new Date());
    const dir = join(root, `${owner.pid}-${randomBytes(6).toString('hex')}`);
    await privateDir(dir);
    await writeFile(join(dir, OWNER_FILE), JSON.stringify(owner), { mode: 0o600 });
    markHeld(owner, true);
    this.#owner = owner;
    return dir;
  }

  /** Deletes the folders of processes that are gone. */
  async sweep(): Promise<void> {
    const { root } = this.#options;
    const probe = this.#options.probe ?? systemProbe;
    let entries: string[];
    try {
      entries = await readdir(root);
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const dir = join(root, entry);
      const owner = await ownerOf(dir);
      // A folder without a readable owner is one whose process died while creating it.
      if (owner === undefined || ownerStatus(owner, probe) === 'dead') {
        await rm(dir, { recursive: true, force: true });
        this.#options.log(`removed credential files left by an earlier process (${entry})`);
      }
    }
  }

  /** A new private file (0600) for `server` holding `content`; returns its path. */
  async create(server: string, content: string): Promise<string> {
    const file = join(await this.folder(), `${server}-${randomBytes(6).toString('hex')}.cred`);
    await writeFileAtomic(file, content, { mode: 0o600 });
    return file;
  }

  /** Replaces the content atomically: a reader sees the old credential or the new one, never a part. */
  async rewrite(file: string, content: string): Promise<void> {
    await writeFileAtomic(file, content, { mode: 0o600 });
  }

  async remove(file: string): Promise<void> {
    await unlink(file).catch((error: unknown) => {
      if (errnoCode(error) !== 'ENOENT') throw error;
    });
  }

  /** Deletes this process's folder (its files with it). Idempotent. */
  async close(): Promise<void> {
    const dir = this.#dir;
    this.#dir = undefined;
    if (!dir) return;
    const path = await dir.catch(() => undefined);
    if (path !== undefined) await rm(path, { recursive: true, force: true });
    if (this.#owner) markHeld(this.#owner, false);
  }
}
