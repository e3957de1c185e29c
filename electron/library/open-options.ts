import { z } from 'zod';
import { describeIssues } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import type { OpenOptions } from './types';

/** An hour-long wait is already longer than the app keeps a request (10 minutes); a day bounds a typo. */
const MAX_CONFIRM_TIMEOUT_MS = 24 * 60 * 60 * 1000;

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
    .optional(),
  env: z.record(z.string(), z.string().optional()).optional(),
  servers: z.record(z.string(), z.unknown()).optional(),
  agents: z.record(z.string(), z.unknown()).optional(),
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
