import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errnoCode, openPrivateRuntimeDir, sweepRuntimeDirs, writeFileAtomic, type PrivateRuntimeDir, type ProcessProbe } from '../fs-safe';

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

export interface CredentialFilesOptions {
  root: string;
  probe?: ProcessProbe;
  log: (line: string) => void;
}

/**
 * Credential files of this process's stdio servers, in its own private runtime folder under `root`
 * (fs-safe's: 0700, an owner record, so a CLI command never deletes the app's files). Folders of
 * processes that are gone (a crash) are deleted when the next one starts.
 */
export class CredentialFiles {
  readonly #options: CredentialFilesOptions;
  #dir: Promise<PrivateRuntimeDir> | undefined;

  constructor(options: CredentialFilesOptions) {
    this.#options = options;
  }

  /** This process's folder (created on first use, after sweeping the left-overs of crashed processes). */
  async folder(): Promise<string> {
    this.#dir ??= this.sweep().then(() => openPrivateRuntimeDir(this.#place()));
    return (await this.#dir).dir;
  }

  /** Deletes the folders of processes that are gone. */
  async sweep(): Promise<void> {
    for (const removed of await sweepRuntimeDirs(this.#place())) {
      this.#options.log(`removed credential files left by an earlier process (${removed})`);
    }
  }

  /** A new private file (0600) for `server` holding `content`; returns its path. */
  async create(server: string, content: string): Promise<string> {
    await this.folder();
    const dir = await (this.#dir as Promise<PrivateRuntimeDir>);
    return dir.write(`${server}-${randomBytes(6).toString('hex')}.cred`, content);
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
    const opened = await dir?.catch(() => undefined);
    await opened?.close();
  }

  #place(): { base: string; probe?: ProcessProbe } {
    const { root, probe } = this.#options;
    return probe ? { base: root, probe } : { base: root };
  }
}
