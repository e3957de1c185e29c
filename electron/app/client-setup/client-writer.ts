import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ClientPlan, ConnectClient } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { errnoCode, readRegularFile, removeLeftoverTemps, writeFileAtomic } from '../../fs-safe';
import { entryName, inputId, type ClientEntry } from '../../bridge';
import { writeBackup } from './client-backups';
import { clientDiff } from './client-diff';
import { withEntry, withoutEntry } from './client-edit';
import { MAX_CLIENT_FILE_BYTES, readClientFile } from './client-file';
import type { ClientContext } from './client-home';
import { clientLocation } from './client-locations';

export { entryName, inputId } from '../../bridge';

export type ClientChangeKind = { connect: ClientEntry; secrets: string[] } | { remove: true };

export interface PlannedChange {
  plan: Omit<ClientPlan, 'rotates' | 'tokenPlace' | 'notes'>;
  target: string;
  before: string | undefined;
  after: string;
  mode: number | undefined;
  /** The new text holds a secret (an agent's token written in clear). */
  holdsSecret: boolean;
  /** The file began with a byte order mark: `before` and `after` are without it, the file keeps it. */
  bom: boolean;
}

function sha256(text: string | undefined): string {
  return createHash('sha256').update(text ?? '').digest('hex');
}

/** What the change would make of the file: its new text and the diff, secrets hidden. Writes nothing. */
export async function planChange(client: ConnectClient, agent: string, kind: ClientChangeKind, ctx: ClientContext): Promise<PlannedChange> {
  const where = clientLocation(client, ctx);
  const read = await readClientFile(where.file, ctx.home, ctx.uid);
  const name = entryName(agent);
  const before = read.text;
  const after =
    'connect' in kind
      ? withEntry(before ?? '', name, kind.connect, where.jsonc, where.file)
      : withoutEntry(before ?? '', client === 'vscode' ? 'servers' : 'mcpServers', name, client === 'vscode' ? inputId(agent) : undefined, where.jsonc, where.file);
  const unchanged = before !== undefined ? after === before : 'remove' in kind;
  const secrets = 'connect' in kind ? kind.secrets : [];
  return {
    plan: { client, agent, file: where.file, entry: name, diff: unchanged ? '' : clientDiff(where.file, before, after, secrets), unchanged, creates: before === undefined && !unchanged, base: sha256(before) },
    target: read.target,
    before,
    after,
    mode: read.mode,
    holdsSecret: secrets.some((secret) => secret !== '' && after.includes(secret)),
    bom: read.bom,
  };
}

/** The file's text now, `undefined` when there is none; what is not a readable regular file counts as changed. */
async function currentText(file: string): Promise<string | undefined | null> {
  const read = await readRegularFile(file, MAX_CLIENT_FILE_BYTES);
  if (!('problem' in read)) return read.bytes.toString('utf8');
  if (read.problem === 'empty') return '';
  if (read.problem === 'unreadable' && errnoCode(read.cause) === 'ENOENT') return undefined;
  return null;
}

function changedSince(file: string): CodedError {
  return new CodedError('invalid_input', `${file} changed since its diff was shown`, { hint: 'Look at the new diff, then try again' });
}

/**
 * Makes the planned change: refuses when the file changed since `base` was read, or since the new text
 * was made from it (a client such as Claude Code rewrites its file often: its write is never undone),
 * keeps the text the diff was made from beside it (0600, every agent token taken out), then writes the new text atomically with the
 * file's own mode, less every other account's access when it holds a token.
 */
export async function applyChange(change: PlannedChange, base: string | undefined, now: number): Promise<{ backup?: string }> {
  if (base !== undefined && base !== change.plan.base) throw changedSince(change.plan.file);
  if (change.plan.unchanged) return {};
  const bom = change.bom ? '\uFEFF' : '';
  const before = change.before === undefined ? undefined : bom + change.before;
  if ((await currentText(change.target)) !== before) throw changedSince(change.plan.file);
  let backup: string | undefined;
  if (before !== undefined) {
    // The old text may hold an agent token (ours, or one pasted by hand): the backup never does.
    backup = await writeBackup(change.target, before, now);
  } else {
    await mkdir(path.dirname(change.target), { recursive: true, mode: 0o700 });
  }
  // A write of ours that died before its rename left a temp copy, perhaps holding an agent's token.
  await removeLeftoverTemps(path.dirname(change.target), now);
  // A file that holds a token is kept from other accounts, whatever mode it had (many are made 0644).
  const mode = change.mode ?? 0o600;
  await writeFileAtomic(change.target, bom + change.after, { mode: change.holdsSecret ? mode & ~0o077 : mode });
  return backup !== undefined ? { backup } : {};
}
