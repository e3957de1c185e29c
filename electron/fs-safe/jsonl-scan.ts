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

/** One file of the log, held open for a scan; a read gives undefined when the file cannot be read (it is skipped). */
export interface ScanFile {
  /** The same for the file under another name: a rotation during the scan renames files. */
  readonly identity: string;
  firstLine(): Promise<string | undefined>;
  text(): Promise<string | undefined>;
  close(): Promise<void>;
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
 * `limit`. `open` opens a file, undefined when there is none to read; each is held open until the
 * scan ends, so a file a rotation renames meanwhile is known as one already read (its identity) and
 * its lines come once. With `before`, the files newer than the cursor's have only their first line
 * read. A line that does not parse (a torn write, an older format) is skipped.
 */
export async function scanNewest<T>(files: readonly string[], schema: z.ZodType<T>, open: (file: string) => Promise<ScanFile | undefined>, options: ScanOptions<T>): Promise<ScanResult<T>> {
  const { limit, keep, maxChars = Infinity, line: looked } = options;
  const entries: T[] = [];
  const positions: LinePosition[] = [];
  let before = parseBefore(options.before);
  if (before === null) return { entries, positions, cut: false };
  let spent = 0;
  const opened: ScanFile[] = [];
  const seen = new Set<string>();
  try {
    for (const name of files) {
      if (entries.length >= limit) break;
      if (spent >= maxChars) return { entries, positions, cut: await hasLines(name) };
      const file = await open(name);
      if (file === undefined) continue;
      opened.push(file);
      // Renamed here by a rotation since it was read under a newer name (rotation only moves files older).
      if (seen.has(file.identity)) continue;
      seen.add(file.identity);
      // Files newer than the cursor's are passed over unread but for their first line; older ones are read whole.
      const first = before === undefined ? '' : await file.firstLine();
      if (first === undefined) continue;
      const mark = before === undefined ? undefined : fileMark(first);
      if (before !== undefined && mark !== before.mark) continue;
      const text = await file.text();
      if (text === undefined) continue;
      const lines = text.split('\n');
      const at = mark ?? fileMark(lines[0] ?? '');
      let from = lines.length - 1;
      if (before !== undefined) {
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
        if (entry.success && keep(entry.data, `${at}.${i}`)) {
          entries.push(entry.data);
          positions.push(`${at}.${i}`);
        }
      }
    }
    return { entries, positions, cut: false };
  } finally {
    await Promise.all(opened.map((file) => file.close().catch(() => undefined)));
  }
}
