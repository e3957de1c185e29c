import { lstatSync, type Stats } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { ClientPlan, ConnectClient } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { errnoCode, fsFailure, readRegularFile, removeLeftoverTemps, writeFileAtomic } from '../../fs-safe';
import { entryName, inputId, type ClientEntry } from '../../bridge';
import { agentTokensIn, withAgentTokensBack, writeBackup } from './client-backups';
import { clientDiff } from './client-diff';
import { withEntry, withoutEntry } from './client-edit';
import { bytesHash, MAX_CLIENT_FILE_BYTES, readClientFile } from './client-file';
import type { ClientContext } from './client-home';
import { clientLocation } from './client-locations';

export { entryName, inputId } from '../../bridge';

export type ClientChangeKind = { connect: ClientEntry; secrets: string[] } | { remove: true };

export interface PlannedChange {
  plan: Omit<ClientPlan, 'rotates' | 'tokenPlace' | 'notes'>;
  target: string;
  /** The file was there when it was read. */
  existed: boolean;
  /**
   * The new file's bytes (its byte order mark kept): bytes, not text, so a file of 100 MB is held
   * once at its own size while it is written (its text takes up to twice that, and the old text none).
   */
  after: Buffer;
  mode: number | undefined;
  /** The new text holds a secret (an agent's token written in clear). */
  holdsSecret: boolean;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The text's UTF-8, after a byte order mark where the file had one: written straight into one buffer, no text joined first. */
function encoded(text: string, bom: boolean): Buffer {
  const at = bom ? BOM.length : 0;
  const bytes = Buffer.allocUnsafe(at + Buffer.byteLength(text));
  BOM.copy(bytes, 0, 0, at);
  bytes.write(text, at);
  return bytes;
}

/** What the change would make of the file: its new text and the diff, secrets hidden. Writes nothing. */
export async function planChange(client: ConnectClient, agent: string, kind: ClientChangeKind, ctx: ClientContext): Promise<PlannedChange> {
  const where = clientLocation(client, ctx);
  const read = await readClientFile(where.file, ctx.home, ctx.uid);
  // A file its owner may not write was frozen on purpose: the rename (which needs only the folder) would overrule that.
  if (read.mode !== undefined && (read.mode & 0o200) === 0) {
    throw new CodedError('denied', `${where.file} is read-only (mode ${read.mode.toString(8).padStart(4, '0')}); it is not written`, {
      hint: `Make it writable (chmod u+w '${where.file}') to let it be changed, or set the client up by hand with \`connected-services agents config\``,
    });
  }
  const name = entryName(agent);
  const before = read.text;
  const after =
    'connect' in kind
      ? withEntry(before ?? '', name, kind.connect, where.jsonc, where.file)
      : withoutEntry(before ?? '', client === 'vscode' ? 'servers' : 'mcpServers', name, client === 'vscode' ? inputId(agent) : undefined, where.jsonc, where.file);
  const unchanged = before !== undefined ? after === before : 'remove' in kind;
  const secrets = 'connect' in kind ? kind.secrets : [];
  const links = read.links > 1 && !unchanged ? { hardLinks: read.links } : {};
  return {
    plan: { client, agent, file: where.file, entry: name, diff: unchanged ? '' : clientDiff(where.file, before, after, secrets), unchanged, creates: before === undefined && !unchanged, base: read.sha256, ...links },
    target: read.target,
    existed: before !== undefined,
    after: encoded(after, read.bom),
    mode: read.mode,
    holdsSecret: secrets.some((secret) => secret !== '' && after.includes(secret)),
  };
}

/** What tells a file replaced or rewritten since it was read: its inode, size and times. */
type Stamp = Pick<Stats, 'dev' | 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'> | undefined;

/**
 * The file's bytes now (`undefined` when there is none) and its stamp; what is not a readable regular
 * file counts as changed (`null`). The path is real: a link there now is not followed.
 */
async function currentBytes(file: string): Promise<{ bytes: Buffer | undefined | null; stamp: Stamp }> {
  const read = await readRegularFile(file, MAX_CLIENT_FILE_BYTES, { noFollow: true });
  if (!('problem' in read)) return { bytes: read.bytes, stamp: read.info };
  if (read.problem === 'empty') return { bytes: Buffer.alloc(0), stamp: read.info };
  if (read.problem === 'unreadable' && errnoCode(read.cause) === 'ENOENT') return { bytes: undefined, stamp: undefined };
  return { bytes: null, stamp: undefined };
}

/** The file is as it was planned on: there or not as it was, and the same bytes (by their hash: no text is decoded). */
function asPlanned(change: PlannedChange, bytes: Buffer | undefined | null): bytes is Buffer | undefined {
  if (bytes === null) return false;
  if (bytes === undefined) return !change.existed;
  return change.existed && bytesHash(bytes) === change.plan.base;
}

/** The file is still the one read (or still absent): checked synchronously, as the last step before the rename. */
function unmoved(file: string, stamp: Stamp): boolean {
  let now;
  try {
    now = lstatSync(file);
  } catch (error) {
    return stamp === undefined && errnoCode(error) === 'ENOENT';
  }
  return stamp !== undefined && now.dev === stamp.dev && now.ino === stamp.ino && now.size === stamp.size && now.mtimeMs === stamp.mtimeMs && now.ctimeMs === stamp.ctimeMs;
}

/** A write that failed, worded for the person (which file, what to fix): a full disk or a file size limit is no internal fault. */
function writeFailed(file: string, action = 'write'): (error: unknown) => never {
  return (error: unknown) => {
    throw fsFailure(error, action, file);
  };
}

function changedSince(file: string): CodedError {
  return new CodedError('invalid_input', `${file} changed since its diff was shown`, { hint: 'Look at the new diff, then try again' });
}

export interface ApplyHooks {
  /** Runs after the new text is in its temp file, just before the last comparison and the rename. */
  beforeRename?: () => void;
}

/**
 * Makes the planned change: refuses when the file changed since `base` was read, or since the new text
 * was made from it (a client such as Claude Code rewrites its file often: its write is refused when
 * seen, compared once more right before the rename; no lock binds the client itself), keeps the text
 * the diff was made from beside it (0600, every agent token taken out), then writes the new text
 * atomically with the file's own mode, less every other account's access when it holds a token.
 * Callers hold the file's lock (withClientFileLock), so two of our writers never lose each other's entry.
 */
export interface AppliedChange {
  backup?: string;
  /** The agent tokens the old bytes held, which the backup does not: with them undoChange can put those bytes back. */
  tokens?: string[];
}

export async function applyChange(change: PlannedChange, base: string | undefined, now: number, hooks: ApplyHooks = {}): Promise<AppliedChange> {
  if (base !== undefined && base !== change.plan.base) throw changedSince(change.plan.file);
  // A write of ours that died before its rename left a temp copy, perhaps holding an agent's token.
  const sweep = () => removeLeftoverTemps(path.dirname(change.target), now);
  if (change.plan.unchanged) {
    await sweep();
    return {};
  }
  const found = await currentBytes(change.target);
  const stamp = found.stamp;
  let current = found.bytes;
  found.bytes = undefined;
  if (!asPlanned(change, current)) throw changedSince(change.plan.file);
  let backup: string | undefined;
  let tokens: string[] | undefined;
  if (current !== undefined) {
    // The old bytes may hold an agent token (ours, or one pasted by hand): the backup never does.
    backup = await writeBackup(change.target, current, now).catch(writeFailed(change.target, 'back up'));
    tokens = agentTokensIn(current);
  } else {
    await mkdir(path.dirname(change.target), { recursive: true, mode: 0o700 }).catch(writeFailed(path.dirname(change.target), 'create'));
  }
  // Let go before the new file is written: only the new bytes are held from here.
  current = undefined;
  await sweep();
  // A file that holds a token is kept from other accounts, whatever mode it had (many are made 0644).
  const mode = change.mode ?? 0o600;
  await writeFileAtomic(change.target, change.after, {
    mode: change.holdsSecret ? mode & ~0o077 : mode,
    beforeRename: () => {
      hooks.beforeRename?.();
      if (!unmoved(change.target, stamp)) throw changedSince(change.plan.file);
    },
  }).catch(writeFailed(change.target));
  return backup !== undefined ? { backup, tokens: tokens ?? [] } : {};
}

/**
 * Puts the file back as it was before `applyChange` (the backup, its tokens put back; or no file when
 * it made one), only while the file still holds exactly what was written. Callers hold the file's lock.
 * Says whether it did: not when the client rewrote the file meanwhile, or the old bytes cannot be made again.
 */
export async function undoChange(change: PlannedChange, applied: AppliedChange): Promise<boolean> {
  if (change.plan.unchanged) return true;
  const found = await currentBytes(change.target);
  if (!found.bytes || bytesHash(found.bytes) !== bytesHash(change.after)) return false;
  const stamp = found.stamp;
  found.bytes = undefined;
  if (!change.existed) {
    if (!unmoved(change.target, stamp)) return false;
    await unlink(change.target);
    return true;
  }
  if (applied.backup === undefined) return false;
  const kept = await readRegularFile(applied.backup, MAX_CLIENT_FILE_BYTES, { noFollow: true });
  const clean = 'problem' in kept ? (kept.problem === 'empty' ? Buffer.alloc(0) : undefined) : kept.bytes;
  if (clean === undefined) return false;
  const old = withAgentTokensBack(clean, applied.tokens ?? []);
  // Only the very bytes the file had: a backup changed since, or a placeholder the file held itself, is not written.
  if (bytesHash(old) !== change.plan.base) return false;
  await writeFileAtomic(change.target, old, {
    mode: change.mode ?? 0o600,
    beforeRename: () => {
      if (!unmoved(change.target, stamp)) throw changedSince(change.plan.file);
    },
  }).catch(writeFailed(change.target));
  return true;
}
