import { lstat, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONNECT_CLIENTS } from '../../../shared/api';
import { TOKEN_PREFIX } from '../../bridge';
import { readRegularFile, writeFileAtomic } from '../../fs-safe';
import { MAX_CLIENT_FILE_BYTES, readClientFile } from './client-file';
import type { ClientContext } from './client-home';
import { clientLocation } from './client-locations';

/** Between a client file's name and the time its backup was made. */
export const BACKUP_MARK = '.connected-services-backup-';

/**
 * What stands for an agent token in a backup: not token-shaped (nothing takes it for one), and a
 * person restoring the backup reads why that entry no longer works.
 */
export const TOKEN_REMOVED = 'connected-services-token-removed-connect-again';

/** At most this many backups beside one file are gone through: a folder filled with such names is not read without end. */
const MAX_BACKUPS_SCRUBBED = 1000;

const AGENT_TOKEN = new RegExp(`${TOKEN_PREFIX}[A-Za-z0-9_-]+`, 'g');

/**
 * A client file's text as a backup may keep it: every agent token replaced, everything else byte for
 * byte. A backup outlives a disconnect (the token still works then) and may sit in a synced or
 * committed folder (a config linked into a dotfiles repository); the person's own content is all it is for.
 */
export function withoutAgentTokens(text: string): string {
  return text.replace(AGENT_TOKEN, TOKEN_REMOVED);
}

function stamp(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

/**
 * Keeps `text` (no agent token in it) beside `target`, created 0600 and never through a link
 * (`wx`: a name already there, link or file, is not written; the next free name is taken).
 */
export async function writeBackup(target: string, text: string, now: number): Promise<string> {
  const base = `${target}${BACKUP_MARK}${stamp(now)}`;
  for (let n = 0; ; n += 1) {
    const backup = n === 0 ? base : `${base}-${n}`;
    try {
      await writeFile(backup, withoutAgentTokens(text), { mode: 0o600, flag: 'wx' });
      return backup;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 20) throw error;
    }
  }
}

/**
 * Takes every agent token out of the backups beside `target`, made before backups were kept without
 * them (or restored by hand): only regular files of this account are rewritten (atomically, 0600).
 * Returns how many were rewritten; one that cannot be read or written is left as it is.
 */
export async function scrubBackups(target: string, uid: number | undefined = process.getuid?.()): Promise<number> {
  const dir = path.dirname(target);
  const prefix = `${path.basename(target)}${BACKUP_MARK}`;
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.startsWith(prefix)).slice(0, MAX_BACKUPS_SCRUBBED);
  } catch {
    return 0;
  }
  let rewritten = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const info = await lstat(file);
      if (!info.isFile() || (uid !== undefined && info.uid !== uid)) continue;
      const read = await readRegularFile(file, MAX_CLIENT_FILE_BYTES);
      if ('problem' in read) continue;
      const text = read.bytes.toString('utf8');
      const clean = withoutAgentTokens(text);
      if (clean === text) continue;
      await writeFileAtomic(file, clean, { mode: 0o600 });
      rewritten += 1;
    } catch {
      // Gone meanwhile, or not ours to write: the others are still gone through.
    }
  }
  return rewritten;
}

/**
 * Every client's backups gone through (after a disconnect, or an agent's removal or new token): a
 * backup left from before keeps no token, working or not. Never throws: the change it follows is made.
 */
export async function scrubClientBackups(ctx: ClientContext): Promise<void> {
  for (const client of CONNECT_CLIENTS) {
    const where = clientLocation(client, ctx);
    // Beside the file as it is written: the target of a link that stays in the home folder.
    const target = await readClientFile(where.file, ctx.home, ctx.uid).then(
      (read) => read.target,
      () => undefined,
    );
    if (target !== undefined) await scrubBackups(target);
  }
}
