import { stat } from 'node:fs/promises';
import type { z } from 'zod';

/** What one newest-first pass over a log's files keeps, and where it may stop. */
export interface ScanOptions<T> {
  /** Entries kept at most: the pass ends when it has them. */
  limit: number;
  keep: (entry: T) => boolean;
  /** Characters of lines read at most, newest first; past them the pass stops (`cut`). */
  maxChars?: number;
  /** A cheap look at a line's text before it is parsed: false skips it unparsed. */
  line?: (text: string) => boolean;
}

export interface ScanResult<T> {
  /** Newest first. */
  entries: T[];
  /** It stopped at `maxChars` with older lines left unread. */
  cut: boolean;
}

const hasLines = (file: string): Promise<boolean> => stat(file).then((info) => info.size > 0, () => false);

/**
 * Lines of `files` (newest file first) from the end, parsed by `schema`, those `keep` accepts, up to
 * `limit`. `read` gives a file's text, undefined when there is none to read. A line that does not
 * parse (a torn write, an older format) is skipped.
 */
export async function scanNewest<T>(files: readonly string[], schema: z.ZodType<T>, read: (file: string) => Promise<string | undefined>, options: ScanOptions<T>): Promise<ScanResult<T>> {
  const { limit, keep, maxChars = Infinity, line: looked } = options;
  const entries: T[] = [];
  let spent = 0;
  for (const file of files) {
    if (entries.length >= limit) break;
    if (spent >= maxChars) return { entries, cut: await hasLines(file) };
    const text = await read(file);
    if (text === undefined) continue;
    const lines = text.split('\n');
    for (let i = lines.length - 1; i >= 0 && entries.length < limit; i--) {
      const line = lines[i];
      if (!line) continue;
      if (spent >= maxChars) return { entries, cut: true };
      spent += line.length + 1;
      if (looked !== undefined && !looked(line)) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        continue;
      }
      const entry = schema.safeParse(parsed);
      if (entry.success && keep(entry.data)) entries.push(entry.data);
    }
  }
  return { entries, cut: false };
}
