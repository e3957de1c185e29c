import { groupDigits } from '../../shared/text';
import { ARGUMENT_LIMITS } from './input-bounds';

/** What a request body may hold before JSON.parse builds it: parsing is the cost an agent's body sets. */
export interface BodyShapeLimits {
  /**
   * Levels of nested objects and arrays: nothing deeper reaches the SDK, which walks messages
   * recursively (JSON.stringify of unknown responses).
   */
  depth: number;
  /** Members of one object. */
  keys: number;
  /** Items of one array. */
  items: number;
}

/**
 * Twice the argument depth and ten times their counts, so a call just past those still reaches the
 * gate and hears which one it broke. One object of 350,000 keys (4 MiB) took V8 over 400 ms to parse, and the SDK's
 * schema as long again to walk, on the bridge's one thread; an object of 10,000 takes about 1 ms.
 */
export const BODY_SHAPE_LIMITS: Readonly<BodyShapeLimits> = {
  depth: 128,
  keys: ARGUMENT_LIMITS.keys * 10,
  items: ARGUMENT_LIMITS.arrayLength * 10,
};

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The first bound JSON text breaks (nesting, members of one object, items of one array), as a
 * sentence, or undefined. One scan of the text outside strings; text that is not JSON is left to
 * JSON.parse. Most bodies hold fewer `{`/`[` and `,` than any bound, which native searches tell
 * without the scan.
 */
export function bodyShapeProblem(text: string, limits: Readonly<BodyShapeLimits> = BODY_SHAPE_LIMITS): string | undefined {
  if (atMost(text, ['{', '['], limits.depth) && atMost(text, [','], Math.min(limits.keys, limits.items) - 1)) return undefined;
  // Commas seen in the open container at each depth, and whether it is an object.
  const commas = new Int32Array(limits.depth + 1);
  const isObject = new Uint8Array(limits.depth + 1);
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string, escapes included; an unterminated one ends the scan.
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limits.depth) return `the body nests deeper than ${groupDigits(limits.depth)} levels`;
      commas[depth] = 0;
      isObject[depth] = c === OPEN_OBJECT ? 1 : 0;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth > 0) depth--;
    } else if (c === COMMA && depth > 0) {
      // n commas separate n + 1 members.
      const members = (commas[depth] = (commas[depth] ?? 0) + 1) + 1;
      if (isObject[depth] === 1 && members > limits.keys) return `an object in the body has more than ${groupDigits(limits.keys)} keys`;
      if (isObject[depth] === 0 && members > limits.items) return `an array in the body has more than ${groupDigits(limits.items)} items`;
    }
  }
  return undefined;
}

/** Whether `text` holds at most `max` of the `marks` together, in strings or not. */
function atMost(text: string, marks: string[], max: number): boolean {
  let count = 0;
  for (const mark of marks) {
    for (let i = text.indexOf(mark); i >= 0; i = text.indexOf(mark, i + 1)) if (++count > max) return false;
  }
  return true;
}
