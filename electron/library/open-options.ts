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
    // Only a shell expands `~`: as given, it would make a folder named `~` in the program's folder.
    .refine((home) => !/^~(?:[\\/]|$)/.test(home), 'starts with "~", which only a shell expands: give the whole path (join(os.homedir(), …))')
    .optional(),
  env: z.record(z.string(), z.string().optional()).optional(),
  servers: namedRecord().optional(),
  agents: namedRecord().optional(),
  bridgePort: z.number().int().min(0).max(65535).optional(),
  confirmTimeoutMs: z.number().int().min(1).max(MAX_CONFIRM_TIMEOUT_MS).optional(),
});

const OPTIONS_HINT = 'Options are { home?, env?, servers?, agents?, bridgePort? (0–65535), confirmTimeoutMs? (ms) } (docs/library.md)';

/**
 * A getter or proxy in the options that throws: told by the option's name only. Its own error is not
 * quoted (it may hold the value it guards, a secret) nor kept as the cause, which a program may print.
 */
function unreadable(what: string): CodedError {
  return new CodedError('invalid_input', `openConnectedServices: ${what} could not be read (reading it threw)`, {
    hint: `Give plain values, read before the call (a getter or proxy that throws cannot be checked). ${OPTIONS_HINT}`,
  });
}

/** Each top-level option read once, here; what is checked is what the rest of the opening uses. */
function readOptions(given: object): Record<string, unknown> {
  let keys: string[];
  try {
    // Inherited options count too (a class instance's getters, Object.create(defaults)), as zod read them.
    keys = [...new Set([...Object.keys(given), ...Object.keys(OpenOptionsSchema.shape).filter((key) => key in given)])];
  } catch {
    throw unreadable('the options object');
  }
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    let value: unknown;
    try {
      value = (given as Record<string, unknown>)[key];
    } catch {
      throw unreadable(`the option ${JSON.stringify(key)}`);
    }
    // Defined, not assigned: an own "__proto__" key stays a key (and is refused as unknown), never a prototype.
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** The option whose value throws when read through (a getter inside env, servers or agents). */
function throwingOption(options: Record<string, unknown>): string | undefined {
  const shape: Record<string, z.ZodType> = OpenOptionsSchema.shape;
  for (const [key, value] of Object.entries(options)) {
    if (!Object.hasOwn(shape, key)) continue;
    try {
      shape[key]?.safeParse(value);
    } catch {
      return key;
    }
  }
  return undefined;
}

/** The options, or `invalid_input` naming each wrong one; the values themselves are returned as given. */
export function checkedOpenOptions(options: unknown): OpenOptions {
  const given = options === undefined ? {} : options;
  const read = typeof given === 'object' && given !== null ? readOptions(given) : given;
  let parsed;
  try {
    parsed = OpenOptionsSchema.safeParse(read);
  } catch {
    const key = typeof read === 'object' && read !== null ? throwingOption(read as Record<string, unknown>) : undefined;
    throw unreadable(key === undefined ? 'an option' : `the option ${JSON.stringify(key)}`);
  }
  if (!parsed.success) {
    throw new CodedError('invalid_input', `openConnectedServices: ${describeIssues(parsed.error.issues)}`, { hint: OPTIONS_HINT });
  }
  // The parse checked the shapes; the program's own values are kept (env may be process.env itself).
  return read as OpenOptions;
}

/** Servers and agents are read again by their own checks: a getter that throws only then is told the same way. */
export function readThrough<T>(option: 'servers' | 'agents', read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof CodedError) throw error;
    throw unreadable(`the option "${option}"`);
  }
}
