import type { Stats } from 'node:fs';
import { lstat, open, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { CONNECT_CLIENTS } from '../../../shared/api';
import { TOKEN_PREFIX } from '../../bridge';
import { errnoCode, readRegularFile, removeLeftoverTemps, writeFileAtomic } from '../../fs-safe';
import { indexEntry, readBackupIndex, saveBackupIndex, unchangedSince, type IndexEntry } from './backup-index';
import { bytesHash, locateClientFile } from './client-file';
import type { ClientContext } from './client-home';
import { clientLocation } from './client-locations';

/** Between a client file's name and the time its backup was made. */
export const BACKUP_MARK = '.connected-services-backup-';

/**
 * What stands for an agent token in a backup: not token-shaped (nothing takes it for one), and a
 * person restoring the backup reads why that entry no longer works.
 */
export const TOKEN_REMOVED = 'connected-services-token-removed-connect-again';

/**
 * A backup is read to be scrubbed up to the bound client files had before (256 MiB), not today's:
 * one an earlier version made keeps its token otherwise, and scrubbing is a text replace, not an edit.
 */
export const MAX_BACKUP_SCRUB_BYTES = 256 * 1024 * 1024;

/** At most this many backups beside one file are gone through: a folder filled with such names is not read without end. */
const MAX_BACKUPS_SCRUBBED = 1000;

/**
 * Backups kept beside one client file: the newest five, fewer where they would take more than
 * 256 MiB together (a busy `~/.claude.json` is tens of megabytes, and every connect or disconnect
 * backs it up); the newest is always kept. Enough to undo the last few changes, and no more.
 */
export const MAX_BACKUPS_KEPT = 5;
export const MAX_BACKUP_BYTES_KEPT = 256 * 1024 * 1024;

export interface BackupLimits {
  count: number;
  bytes: number;
}

const KEPT: BackupLimits = { count: MAX_BACKUPS_KEPT, bytes: MAX_BACKUP_BYTES_KEPT };

/** A backup's name after the mark, as writeBackup makes it: its time, then the number that made it free. */
const STAMPED = /^(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)(?:-(\d{1,2}))?$/;

const AGENT_TOKEN = new RegExp(`${TOKEN_PREFIX}[A-Za-z0-9_-]+`, 'g');

/**
 * A client file's text as a backup may keep it: every agent token replaced, everything else byte for
 * byte. A backup outlives a disconnect (the token still works then) and may sit in a synced or
 * committed folder (a config linked into a dotfiles repository); the person's own content is all it is for.
 */
export function withoutAgentTokens(text: string): string {
  return text.replace(AGENT_TOKEN, TOKEN_REMOVED);
}

const PREFIX_BYTES = Buffer.from(TOKEN_PREFIX);
const REMOVED_BYTES = Buffer.from(TOKEN_REMOVED);

/** [A-Za-z0-9_-]: what follows the prefix in a token. */
function tokenByte(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x5f || byte === 0x2d;
}

/**
 * withoutAgentTokens on a file's bytes (a token is ASCII, never part of a longer UTF-8 sequence): the
 * same bytes when none is there, so a file of 100 MB is not decoded or copied to be backed up.
 */
export function withoutAgentTokenBytes(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(PREFIX_BYTES); at >= 0; at = bytes.indexOf(PREFIX_BYTES, at)) {
    let end = at + PREFIX_BYTES.length;
    while (tokenByte(bytes[end])) end += 1;
    if (end === at + PREFIX_BYTES.length) {
      at += 1;
      continue;
    }
    parts.push(bytes.subarray(from, at), REMOVED_BYTES);
    from = end;
    at = end;
  }
  if (parts.length === 0) return bytes;
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/** The agent tokens in `bytes`, in order, as withoutAgentTokenBytes takes them out: a few short strings, not the file. */
export function agentTokensIn(bytes: Buffer): string[] {
  const tokens: string[] = [];
  for (let at = bytes.indexOf(PREFIX_BYTES); at >= 0; at = bytes.indexOf(PREFIX_BYTES, at)) {
    let end = at + PREFIX_BYTES.length;
    while (tokenByte(bytes[end])) end += 1;
    if (end > at + PREFIX_BYTES.length) tokens.push(bytes.toString('latin1', at, end));
    at = end > at + PREFIX_BYTES.length ? end : at + 1;
  }
  return tokens;
}

/**
 * A backup's bytes with `tokens` put back where withoutAgentTokenBytes took them out, in order. A file
 * that held the placeholder itself comes out otherwise: callers compare the result's hash with the original's.
 */
export function withAgentTokensBack(clean: Buffer, tokens: readonly string[]): Buffer {
  if (tokens.length === 0) return clean;
  const parts: Buffer[] = [];
  let from = 0;
  let at = clean.indexOf(REMOVED_BYTES);
  for (const token of tokens) {
    if (at < 0) break;
    parts.push(clean.subarray(from, at), Buffer.from(token, 'latin1'));
    from = at + REMOVED_BYTES.length;
    at = clean.indexOf(REMOVED_BYTES, from);
  }
  parts.push(clean.subarray(from));
  return Buffer.concat(parts);
}

function stamp(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

interface Backup {
  name: string;
  file: string;
  info: Stats;
}

/** The backups beside `target` that are regular files of this account (links and others' files are never read or removed). */
async function backupsOf(target: string, uid: number | undefined): Promise<Backup[]> {
  const dir = path.dirname(target);
  const prefix = `${path.basename(target)}${BACKUP_MARK}`;
  const names = await readdir(dir).then(
    (all) => all.filter((name) => name.startsWith(prefix)).slice(0, MAX_BACKUPS_SCRUBBED),
    () => [],
  );
  const found: Backup[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await lstat(file).catch(() => undefined);
    if (info?.isFile() === true && (uid === undefined || info.uid === uid)) found.push({ name, file, info });
  }
  return found;
}

/** Oldest first, by the time in the name; `undefined` for a name writeBackup would not make. */
function stampedKey(backup: Backup, target: string): [string, number] | undefined {
  const match = STAMPED.exec(backup.name.slice(path.basename(target).length + BACKUP_MARK.length));
  return match === null ? undefined : [match[1] ?? '', Number(match[2] ?? 0)];
}

function byTime(target: string): (a: Backup, b: Backup) => number {
  return (a, b) => {
    const [at, an] = stampedKey(a, target) ?? ['', 0];
    const [bt, bn] = stampedKey(b, target) ?? ['', 0];
    return at === bt ? an - bn : at < bt ? -1 : 1;
  };
}

/**
 * Takes the first free name from `base` on, never through a link (`wx`). A write refused part way (disk
 * full, a file size limit) removes what it made: a cut backup would be taken for the newest copy.
 */
async function writeNew(base: string, text: Buffer): Promise<string> {
  for (let n = 0; ; n += 1) {
    const backup = n === 0 ? base : `${base}-${n}`;
    let handle;
    try {
      handle = await open(backup, 'wx', 0o600);
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST' || n >= 20) throw error;
      continue;
    }
    try {
      await handle.writeFile(text);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(backup).catch(() => undefined);
      throw error;
    }
    await handle.close();
    return backup;
  }
}

/**
 * Keeps the file's bytes as they were (`text`; no agent token in them) beside `target`, created 0600 and never through a link
 * (`wx`: a name already there, link or file, is not written; the next free name is taken). Where the
 * newest backup already holds that text, it is the backup and nothing is written; past the newest
 * MAX_BACKUPS_KEPT (or MAX_BACKUP_BYTES_KEPT), the oldest are removed. Other backups are not read.
 */
export async function writeBackup(target: string, text: Buffer | string, now: number, uid: number | undefined = process.getuid?.(), limits: BackupLimits = KEPT): Promise<string> {
  const clean = withoutAgentTokenBytes(typeof text === 'string' ? Buffer.from(text) : text);
  const sha256 = bytesHash(clean);
  const index = await readBackupIndex(target);
  const present = await backupsOf(target, uid);
  const known = present.flatMap((backup) => {
    const entry = index.get(backup.name);
    return entry !== undefined && unchangedSince(entry, backup.info) ? [entry] : [];
  });
  const stamped = present.filter((backup) => stampedKey(backup, target) !== undefined).sort(byTime(target));
  const newest = stamped.at(-1);
  const same = newest === undefined ? undefined : known.find((entry) => entry.name === newest.name && entry.sha256 === sha256);
  if (newest !== undefined && same !== undefined) return newest.file;
  const file = await writeNew(`${target}${BACKUP_MARK}${stamp(now)}`, clean);
  const written: Backup = { name: path.basename(file), file, info: await lstat(file) };
  const removed = await prune([written, ...stamped.reverse()], limits);
  const entries = [...known.filter((entry) => !removed.has(entry.name)), indexEntry(written.name, sha256, written.info)];
  // The list only saves reading: a backup it misses is read at the next disconnect.
  await saveBackupIndex(target, entries).catch(() => undefined);
  return file;
}

/** Removes all but the newest backups that fit the count and the bytes; the first (just written) always stays. */
async function prune(newestFirst: Backup[], limits: BackupLimits): Promise<Set<string>> {
  const removed = new Set<string>();
  let bytes = 0;
  let full = false;
  for (const [i, backup] of newestFirst.entries()) {
    bytes += backup.info.size;
    // Once one does not fit, no older one is kept: what stays is the newest run, with no gap.
    full = full || i >= limits.count || bytes > limits.bytes;
    if (i === 0 || !full) continue;
    await unlink(backup.file).then(
      () => removed.add(backup.name),
      () => undefined,
    );
  }
  return removed;
}

/**
 * Takes every agent token out of the backups beside `target` that the list beside it does not show
 * as written without one and unchanged since (made before backups were kept without them, restored by
 * hand, or a list lost): only regular files of this account are rewritten (atomically, 0600), and
 * each is listed then. Says how many were read and how many rewritten; one that cannot be read or
 * written is left as it is.
 */
export async function scrubBackups(target: string, uid: number | undefined = process.getuid?.()): Promise<{ read: number; rewritten: number }> {
  const index = await readBackupIndex(target);
  const entries: IndexEntry[] = [];
  let rewritten = 0;
  let read = 0;
  for (const backup of await backupsOf(target, uid)) {
    const entry = index.get(backup.name);
    if (entry !== undefined && unchangedSince(entry, backup.info)) {
      entries.push(entry);
      continue;
    }
    try {
      read += 1;
      const got = await readRegularFile(backup.file, MAX_BACKUP_SCRUB_BYTES);
      if ('problem' in got) continue;
      // As bytes, as writeBackup keeps them: a byte that is not UTF-8 stays, and the hash matches its dedupe.
      const clean = withoutAgentTokenBytes(got.bytes);
      if (clean !== got.bytes) {
        await writeFileAtomic(backup.file, clean, { mode: 0o600 });
        rewritten += 1;
      }
      entries.push(indexEntry(backup.name, bytesHash(clean), await lstat(backup.file)));
    } catch {
      // Gone meanwhile, or not ours to write: the others are still gone through.
    }
  }
  if (read > 0 || entries.length !== index.size) await saveBackupIndex(target, entries).catch(() => undefined);
  return { read, rewritten };
}

/**
 * Every client's backups gone through (after a disconnect, or an agent's removal or new token): a
 * backup left from before keeps no token, working or not. Never throws: the change it follows is made.
 */
export async function scrubClientBackups(ctx: ClientContext): Promise<void> {
  for (const client of CONNECT_CLIENTS) {
    const where = clientLocation(client, ctx);
    // Beside the file as it is written: the target of a link that stays in the home folder (the file itself
    // not read: one too large to edit still has its backups scrubbed).
    const target = await locateClientFile(where.file, ctx.home, ctx.uid).then(
      (found) => found.target,
      () => undefined,
    );
    if (target === undefined) continue;
    await scrubBackups(target);
    // A write of ours that died before its rename may have left the token in a temp copy.
    await removeLeftoverTemps(path.dirname(target), Date.now());
  }
}
