import { basename } from 'node:path';
import type { z } from 'zod';
import { sha256, type CheckedFiles } from './checked-files';
import { errnoCode } from './fs-errors';
import { readRegularFile } from './read-regular-file';
import { MAX_STATE_FILE_BYTES } from './read-text-file';

/** A small JSON file as read: its value, or why it is not to be trusted (`missing` when there is none). */
export type JsonFileRead<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * Reads a small JSON file checked by `schema`: missing, unreadable, not JSON and invalid each give
 * their reason. With `server`, a file of one server's (named `<server>.json`) must also say it is
 * that server's, so a file copied or renamed is not taken for another's. With `checked`, bytes the
 * schema passed unchanged before are not walked again (checked-files.ts). `maxBytes`: a file larger is
 * `too large` (MAX_STATE_FILE_BYTES unless its writer bounds it otherwise).
 */
export async function readJsonFile<T>(
  file: string,
  schema: z.ZodType<T>,
  server?: string,
  checked?: CheckedFiles,
  maxBytes = MAX_STATE_FILE_BYTES,
): Promise<JsonFileRead<T>> {
  const read = await readRegularFile(file, maxBytes);
  if ('problem' in read && read.problem !== 'empty') {
    if (read.problem !== 'unreadable') return { ok: false, reason: read.problem === 'not_regular' ? 'not a regular file (a FIFO, a device or a folder)' : 'too large' };
    const code = errnoCode(read.cause);
    return { ok: false, reason: code === 'ENOENT' ? 'missing' : `unreadable (${code ?? 'error'})` };
  }
  const text = 'bytes' in read ? read.bytes.toString('utf8') : '';
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  }
  const name = basename(file);
  const digest = checked && 'bytes' in read ? sha256(read.bytes) : undefined;
  let value: T;
  if (digest !== undefined && checked?.passed(name, digest)) {
    // The very bytes the schema passed, and its value was the file's own: the same value again.
    value = raw as T;
  } else {
    // Without zod's compiled fast path: a state file is parsed once, and compiling the parser of
    // each schema on first use cost more than it saved at start-up (docs/benchmarks.md).
    const parsed = schema.safeParse(raw, { jitless: true });
    if (!parsed.success) return { ok: false, reason: `invalid (${parsed.error.issues[0]?.message ?? 'schema'})` };
    value = parsed.data;
    // Only when parsing changed nothing (no default filled in, no key dropped or reordered).
    if (digest !== undefined && JSON.stringify(value) === JSON.stringify(raw)) checked?.remember(name, digest);
  }
  if (server !== undefined) {
    const owner = (value as { server?: unknown } | null)?.server;
    if (owner !== server) return { ok: false, reason: `belongs to "${String(owner)}"` };
  }
  return { ok: true, value };
}
