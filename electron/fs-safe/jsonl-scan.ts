import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { z } from 'zod';

/**
 * Where a line is in a log, in write order, as `<file>.<line>`: its file, known by a hash of that
 * file's first line, and its index in the file. Several processes append to one log (serve, the
 * CLI, the app), so a counter written into each line would need a lock per batch to stay in order;
 * a file is only ever appended to and rotation renames it whole, so a line keeps its index and its
 * file keeps its first line for as long as the file is kept, across restarts and rotations. Lines
 * written before this existed have a position too: nothing is stored.
 */
export type LinePosition = string;

const POSITION = /^([0-9a-f]{16})\.(\d{1,9})$/;
/** A position as it is passed in: what the scan accepts as `before`. */
export const LINE_POSITION_PATTERN = POSITION;

const fileMark = (firstLine: string): string => createHash('sha256').update(firstLine).digest('hex').slice(0, 16);

/** What one newest-first pass over a log's files keeps, and where it may stop. */
export interface ScanOptions<T> {
  /** Entries kept at most: the pass ends when it has them. */
  limit: number;
  /** `at`: the line's position. */
  keep: (entry: T, at: LinePosition) => boolean;
  /** Characters of lines read at most, newest first; past them the pass stops (`cut`). */
  maxChars?: number;
  /** A cheap look at a line's text before it is parsed: false skips it unparsed. */
  line?: (text: string) => boolean;
  /** Only lines written before this one; none when its file is no longer kept (rotated out: nothing older is left). */
  before?: LinePosition;
}

export interface ScanResult<T> {
  /** Newest first. */
  entries: T[];
  /** Each entry's position, in the same order. */
  positions: LinePosition[];
  /** It stopped at `maxChars` with older lines left unread. */
  cut: boolean;
}

const hasLines = (file: string): Promise<boolean> => stat(file).then((info) => info.size > 0, () => false);

/** The file and line `before` names, or undefined for no cursor; `null` when it names nothing. */
function parseBefore(before: LinePosition | undefined): { mark: string; line: number } | undefined | null {
  if (before === undefined) return undefined;
  const match = POSITION.exec(before);
  return match?.[1] !== undefined && match[2] !== undefined ? { mark: match[1], line: Number(match[2]) } : null;
}

/**
 * Lines of `files` (newest file first) from the end, parsed by `schema`, those `keep` accepts, up to
 * `limit`. `read` gives a file's text, undefined when there is none to read. A line that does not
 * parse (a torn write, an older format) is skipped.
 */
export async function scanNewest<T>(files: readonly string[], schema: z.ZodType<T>, read: (file: string) => Promise<string | undefined>, options: ScanOptions<T>): Promise<ScanResult<T>> {
  const { limit, keep, maxChars = Infinity, line: looked } = options;
  const entries: T[] = [];
  const positions: LinePosition[] = [];
  let before = parseBefore(options.before);
  if (before === null) return { entries, positions, cut: false };
  let spent = 0;
  for (const file of files) {
    if (entries.length >= limit) break;
    if (spent >= maxChars) return { entries, positions, cut: await hasLines(file) };
    const text = await read(file);
    if (text === undefined) continue;
    const lines = text.split('\n');
    const mark = fileMark(lines[0] ?? '');
    let from = lines.length - 1;
    if (before !== undefined) {
      // Files newer than the cursor's are passed over; older ones are read whole.
      if (mark !== before.mark) continue;
      from = Math.min(from, before.line - 1);
      before = undefined;
    }
    for (let i = from; i >= 0 && entries.length < limit; i--) {
      const line = lines[i];
      if (!line) continue;
      if (spent >= maxChars) return { entries, positions, cut: true };
      spent += line.length + 1;
      if (looked !== undefined && !looked(line)) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        continue;
      }
      const entry = schema.safeParse(parsed);
      const at = `${mark}.${i}`;
      if (entry.success && keep(entry.data, at)) {
        entries.push(entry.data);
        positions.push(at);
      }
    }
  }
  return { entries, positions, cut: false };
}
