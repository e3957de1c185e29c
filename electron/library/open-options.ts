import { z } from 'zod';
import { describeIssues } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import type { OpenOptions } from './types';

/** An hour-long wait is already longer than the app keeps a request (10 minutes); a day bounds a typo. */
const MAX_CONFIRM_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/**
 * A record keyed by names. zod's record skips an own `__proto__` key (one JSON.parse makes), which would
 * drop that entry silently: refused here, as the App API refuses any key that is not a name.
 */
function namedRecord() {
  return z
    .custom<unknown>((value) => typeof value !== 'object' || value === null || !Object.hasOwn(value, '__proto__'), {
      error: 'Invalid key in record: "__proto__" is not a name',
    })
    .pipe(z.record(z.string(), z.unknown()));
}

/**
 * What openConnectedServices takes, checked before anything opens: a program's own values (or a JSON
 * config feeding them) reach the core only as the types say. Strict, so a misspelt option (`bridgeport`)
 * is an error instead of a default quietly taken. Servers and agents are checked by the App API's own
 * schemas afterwards (code-agents.ts, open.ts); here only that each is a record.
 */
const OpenOptionsSchema = z.strictObject({
  home: z
    .string()
    .refine((home) => home.trim() !== '', 'must name a folder (an empty one is an error, never the default data folder)')
    // No file system takes a NUL in a path: said here, not as Node's own error from the first open.
    .refine((home) => !home.includes('\0'), 'must not contain a NUL character')
    .optional(),
  env: z.record(z.string(), z.string().optional()).optional(),
  servers: namedRecord().optional(),
  agents: namedRecord().optional(),
  bridgePort: z.number().int().min(0).max(65535).optional(),
  confirmTimeoutMs: z.number().int().min(1).max(MAX_CONFIRM_TIMEOUT_MS).optional(),
});

/** The options, or `invalid_input` naming each wrong one; the values themselves are returned as given. */
export function checkedOpenOptions(options: unknown): OpenOptions {
  const given = options === undefined ? {} : options;
  const parsed = OpenOptionsSchema.safeParse(given);
  if (!parsed.success) {
    throw new CodedError('invalid_input', `openConnectedServices: ${describeIssues(parsed.error.issues)}`, {
      hint: 'Options are { home?, env?, servers?, agents?, bridgePort? (0–65535), confirmTimeoutMs? (ms) } (docs/library.md)',
    });
  }
  // The parse checked the shapes; the program's own objects are kept (env may be process.env itself).
  return given as OpenOptions;
}
