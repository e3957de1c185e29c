import { CodedError } from '../../shared/errors';
import { groupDigits } from '../../shared/text';

/**
 * What the bridge accepts of an agent's arguments (tool and prompt arguments). Checked before
 * anything serializes, redacts, records or forwards them: a server's transport, the redactor and the
 * audit log all walk values recursively, so an unbounded value must never reach them.
 */
export interface InputLimits {
  /** Levels of nested objects and arrays; `{}` is one. */
  depth: number;
  /** Size as JSON (estimated from lengths, without escapes). */
  totalBytes: number;
  /** Characters of one string, keys included. */
  stringLength: number;
  /** Items of one array. */
  arrayLength: number;
  /** Keys of one object. */
  keys: number;
}

export const ARGUMENT_LIMITS: Readonly<InputLimits> = {
  depth: 64,
  totalBytes: 2 * 1024 * 1024,
  stringLength: 1024 * 1024,
  arrayLength: 10_000,
  keys: 1_000,
};
/** A resource URI longer than this is refused (RFC 9110 §4.1 asks for at least 8000 octets). */
export const MAX_URI_LENGTH = 8 * 1024;
/** A subscribed resource's URI is shorter still: a 2026-07-28 server's listen filter names every one the bridge follows. */
export const MAX_SUBSCRIBED_URI_LENGTH = 2 * 1024;
/** A tool or prompt name longer than this is refused; bridge names have at most 64 characters. */
export const MAX_CALL_NAME_LENGTH = 256;

const HINT = 'send smaller arguments: the bridge refuses arguments beyond its limits (docs/bridge.md)';

function refuse(message: string): CodedError {
  return new CodedError('invalid_input', message, { hint: HINT });
}

/**
 * The first limit `value` breaks, as an `invalid_input` error naming the limit and `what` (e.g.
 * "arguments nest deeper than 64 levels"), or undefined. Iterative: a value nested 2,000,000 deep
 * costs a loop, not the stack, and the walk stops at the first limit broken.
 */
export function checkBounds(value: unknown, what: string, limits: Readonly<InputLimits> = ARGUMENT_LIMITS): CodedError | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let total = 0;
  const tooLarge = (): CodedError => refuse(`${what} are larger than ${groupDigits(limits.totalBytes)} bytes as JSON`);
  const checkString = (text: string): CodedError | undefined => {
    if (text.length > limits.stringLength) return refuse(`a string in ${what} is longer than ${groupDigits(limits.stringLength)} characters`);
    total += text.length + 3;
    return total > limits.totalBytes ? tooLarge() : undefined;
  };
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      const broken = checkString(current);
      if (broken) return broken;
      continue;
    }
    if (current === null || typeof current !== 'object') {
      // Numbers, booleans, null (and anything JSON cannot hold, which the SDK's parse left out).
      total += typeof current === 'number' ? 24 : 5;
      if (total > limits.totalBytes) return tooLarge();
      continue;
    }
    const depth = item.depth + 1;
    if (depth > limits.depth) return refuse(`${what} nest deeper than ${groupDigits(limits.depth)} levels`);
    total += 2;
    if (Array.isArray(current)) {
      if (current.length > limits.arrayLength) return refuse(`an array in ${what} has more than ${groupDigits(limits.arrayLength)} items`);
      for (const child of current as unknown[]) stack.push({ value: child, depth });
      continue;
    }
    const keys = Object.keys(current);
    if (keys.length > limits.keys) return refuse(`an object in ${what} has more than ${groupDigits(limits.keys)} keys`);
    for (const key of keys) {
      const broken = checkString(key);
      if (broken) return broken;
      stack.push({ value: (current as Record<string, unknown>)[key], depth });
    }
  }
  return undefined;
}

/** A name or URI longer than `max`, as an `invalid_input` error naming the limit, or undefined. */
export function checkLength(text: string, what: string, max: number): CodedError | undefined {
  // Its own hint: "send smaller arguments" would send an agent after the wrong thing.
  if (text.length <= max) return undefined;
  return new CodedError('invalid_input', `${what} is longer than ${groupDigits(max)} characters`, {
    hint: `send ${what} exactly as the server's listing gives it: the bridge refuses ${what} beyond ${groupDigits(max)} characters (docs/bridge.md)`,
  });
}

/**
 * Whether JSON text nests deeper than `max` (objects and arrays, outside strings). A scan of the
 * text, before JSON.parse builds anything: the bridge's first line against deep bodies.
 */
export function nestsDeeper(text: string, max: number): boolean {
  // Each level opens with a `{` or `[`: a text with no more than `max` of them anywhere cannot nest
  // deeper, which native searches tell without walking its strings (most bodies: a handful).
  if (openersAtMost(text, max)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Whether `text` holds at most `max` of `{` and `[` together, in strings or not. */
function openersAtMost(text: string, max: number): boolean {
  let openers = 0;
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) if (++openers > max) return false;
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) if (++openers > max) return false;
  return true;
}
