import { z } from 'zod';
import { ErrorCodeSchema, type ErrorCode } from '../../shared/errors';
import { editWith } from './edit-words';
import { poolHintWords } from './pool-hint-words';
import { startAgainWith } from './start-again-words';

export interface ShownError {
  code?: ErrorCode | undefined;
  message: string;
  hint?: string | undefined;
  /** The core's `data` (which field of the entry to fix, say). */
  data?: Record<string, unknown> | undefined;
}

const DataSchema = z.record(z.string(), z.unknown());

/** The core's hint for a server that ended after printing: the command line prints that output below it. */
const OUTPUT_BELOW = /^check the server's output below/i;

/** The core's advice for a name taken by an agent (refuse-now.ts): a command where the screens have a button. */
const ROTATE_COMMAND = /run `connected-services agents rotate "([^"`]+)"` for a new token/;

/** The core's checks, which the screens show under Settings → Checks (the `--live` ones start the server: Check services now there). */
const DOCTOR_COMMAND = /(run )?`connected-services doctor( --live)?`/g;

/** A server's log (not-event-stream.ts), which the screens show on its Logs tab. */
const ITS_LOG = /\(its log, or /;

/** A check's fix for a command not found: the screens edit the entry, not mcp.json by hand. */
const COMMAND_FIELD = /fix "command" in \S*mcp\.json/;

/** A refusal accepted while the service could not list its tools (pins-api.ts): its page's header starts it. */
const START_TO_DECIDE = /^Start ("[^"]+") \(`connected-services connect [^`\s]+`\), then decide again\.$/;

/**
 * A hint as the screens can follow it: the output the command line prints below is on the service's
 * Logs tab here, an agent's new token is its card's Rotate token, the checks are under Settings, a
 * command or an address is corrected with Edit, and a service the pool stopped starts again with Restart, which its
 * page has once it failed (one not running starts with its page's step); the pool's words for a service
 * say "service".
 */
export function screenHint(hint: string): string {
  return startAgainWith(editWith(poolHintWords(hint), 'Edit on its page'), 'Restart on its page')
    .replace(OUTPUT_BELOW, "See what it printed on the service's Logs tab")
    .replace(ROTATE_COMMAND, 'use Rotate token on the card of "$1" for a new token')
    .replace(ITS_LOG, '(its Logs tab, or ')
    .replace(DOCTOR_COMMAND, (_all, run: string | undefined, live: string | undefined) =>
      live !== undefined ? `${run !== undefined ? 'use ' : ''}Check services now under Settings → Checks` : `${run !== undefined ? 'see ' : ''}Settings → Checks`,
    )
    .replace(COMMAND_FIELD, 'correct its command with Edit on its page')
    .replace(START_TO_DECIDE, 'Start $1 with its Start, Connect or Restart button at the top of its page, then decide again.');
}

/** Anything an App API call threw, as a person reads it (the core already redacted secrets). */
export function describeError(error: unknown): ShownError {
  if (typeof error === 'object' && error !== null) {
    const record = error as { code?: unknown; message?: unknown; hint?: unknown; data?: unknown };
    const code = ErrorCodeSchema.safeParse(record.code);
    const shown: ShownError = { message: typeof record.message === 'string' && record.message !== '' ? record.message : 'Something went wrong' };
    if (code.success) shown.code = code.data;
    if (typeof record.hint === 'string' && record.hint !== '') shown.hint = screenHint(record.hint);
    const data = DataSchema.safeParse(record.data);
    if (data.success) shown.data = data.data;
    return shown;
  }
  return { message: typeof error === 'string' && error !== '' ? error : 'Something went wrong' };
}
