import { cutText } from '../../shared/text';
import { OFFICIAL_META, ServerResponseSchema, type EntryStatus, type ServerDetail } from './server-json';

/** An entry above this, as JSON, is refused whole: real ones are a few KiB. */
export const MAX_ENTRY_BYTES = 64 * 1024;
const MAX_DEPTH = 16;
/**
 * Characters that make text read as other text or break a terminal: format characters (bidi
 * overrides, zero-width), line and paragraph separators, control characters other than tab and
 * newline (Unicode categories Cf, Zl, Zp, Cc), and the other default-ignorable ones, drawn as
 * nothing (the Hangul fillers U+3164, U+115F, U+1160, U+FFA0 are letters, Lo). A variation selector
 * stays after a character it can vary (an emoji's U+FE0F, a kanji's glyph variant, a Mongolian
 * letter's form), one per character: a selector with nothing before it, or a run of them, draws as
 * nothing and can carry hidden bytes (Unicode §23.4).
 */
const HOSTILE_CHAR =
  /[\p{Cf}\p{Zl}\p{Zp}]|(?![\t\n\r])\p{Cc}|(?!\p{Variation_Selector})\p{Default_Ignorable_Code_Point}|(?:^|[\p{Variation_Selector}\s])\p{Variation_Selector}/u;

/** A registry entry as kept in the snapshot: the checked server.json and the registry's status. */
export interface CheckedEntry {
  server: ServerDetail;
  status: EntryStatus;
  statusMessage?: string;
  updatedAt?: string;
  publishedAt?: string;
  isLatest: boolean;
  /** How many versions the registry marked latest in the sync that chose this one (more than one): the highest is shown, the last listed when none is a semantic version. */
  latestMarked?: number;
}

/** `bytes`: the kept entry's size as JSON, what holding it costs. */
/** `problem`: the first place an invalid entry fails the schema and why, so a refusal can say what is wrong. */
export type EntryVerdict = { ok: CheckedEntry; bytes: number } | { skip: 'invalid'; problem?: string } | { skip: 'hostile' };

/** Whether any string (key or value) in `value` carries a hostile character, or it nests too deep. */
function hasHostileText(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return HOSTILE_CHAR.test(value);
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((item) => hasHostileText(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => HOSTILE_CHAR.test(key) || hasHostileText(item, depth + 1));
  }
  return false;
}

/**
 * One item of a registry's list, judged: too large or carrying hostile text is `hostile`; failing
 * the schema is `invalid`; otherwise the checked entry. The raw item is never kept nor shown.
 */
export function checkEntry(item: unknown): EntryVerdict {
  let size: number;
  try {
    size = JSON.stringify(item).length;
  } catch {
    return { skip: 'hostile' };
  }
  if (size > MAX_ENTRY_BYTES || hasHostileText(item, 0)) return { skip: 'hostile' };
  const parsed = ServerResponseSchema.safeParse(item);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return issue === undefined ? { skip: 'invalid' } : { skip: 'invalid', problem: cutText(`${issue.path.map(String).join('.')}: ${issue.message}`, 300) };
  }
  const meta = parsed.data._meta?.[OFFICIAL_META];
  const ok: CheckedEntry = {
    server: parsed.data.server,
    status: meta?.status ?? 'active',
    ...(meta?.statusMessage !== undefined ? { statusMessage: meta.statusMessage } : {}),
    ...(meta?.updatedAt !== undefined ? { updatedAt: meta.updatedAt } : {}),
    ...(meta?.publishedAt !== undefined ? { publishedAt: meta.publishedAt } : {}),
    isLatest: meta?.isLatest ?? true,
  };
  // What is kept, unknown keys dropped: a sync bounds the sum (sync-held.ts).
  return { ok, bytes: JSON.stringify(ok).length };
}
