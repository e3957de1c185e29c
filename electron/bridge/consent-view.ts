import { redactor } from '../../shared/redact';
import { groupDigits } from '../../shared/text';

/** Characters of one string the person is shown; the rest is cut with a note saying how much. */
export const SHOWN_STRING_LENGTH = 8 * 1024;
/** Items of one array, keys of one object. */
export const SHOWN_ITEMS = 200;
/** Characters shown of all strings together. */
export const SHOWN_BUDGET = 256 * 1024;
const SHOWN_DEPTH = 64;

function more(n: number, what: string): string {
  return `[cut: ${groupDigits(n)} more ${what}]`;
}

/** The key of the note on an object's left-out keys: an agent's own key like it is escaped (below), so never equals it. */
export const CUT_KEYS = '[cut]';

/**
 * Text of the agent's that looks like one of our notes (`[secret GITHUB_TOKEN]`, `[redacted]`,
 * `[cut: …]`): its bracket is shown as the escape `\u005b`, as hidden characters are shown, so the
 * person is never shown a note we did not write.
 */
const LOOK_ALIKE = /\[(?=\s*(?:secret\b|redacted\b|cut\b))/gi;

function escapeLookAlikes(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(LOOK_ALIKE, '\\u005b');
  if (value === null || typeof value !== 'object' || depth >= SHOWN_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => escapeLookAlikes(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const escaped = key.replace(LOOK_ALIKE, '\\u005b');
    // An escaped key that is also one of the agent's own takes a number: neither value is lost.
    let name = escaped;
    for (let n = 2; name !== key && (Object.hasOwn(value, name) || Object.hasOwn(out, name)); n++) name = `${escaped} ${n}`;
    define(out, name, escapeLookAlikes(item, depth + 1));
  }
  return out;
}

/** defineProperty: a key such as `__proto__` stays a key, it never sets the prototype. */
function define(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * What the person is shown of a call's arguments when asked to approve it, whatever
 * `auditArguments` says: exactly as the agent sent them, but for values we hold (vault secrets,
 * tokens, resolved references), each replaced by which secret it is. The log's redaction patterns
 * stay out: a `cookie:` pattern would hide the rest of a line the server then writes in full, so
 * the person would consent to something else. The agent's own look-alikes of our notes are escaped
 * first, then secrets named; then bounded, each cut marked (after naming, so a cut never splits a
 * secret into a shown prefix). Runs only on arguments that passed checkBounds, so depth is bounded.
 */
export function consentView(args: Record<string, unknown>): Record<string, unknown> {
  let budget = SHOWN_BUDGET;
  const shown = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') {
      const room = Math.max(0, Math.min(SHOWN_STRING_LENGTH, budget));
      budget -= Math.min(value.length, room);
      return value.length <= room ? value : `${value.slice(0, room)}… ${more(value.length - room, 'characters')}`;
    }
    if (value === null || typeof value !== 'object') return value;
    if (depth >= SHOWN_DEPTH) return '[cut: nested deeper]';
    if (Array.isArray(value)) {
      const items: unknown[] = value.slice(0, SHOWN_ITEMS).map((item: unknown) => shown(item, depth + 1));
      if (value.length > SHOWN_ITEMS) items.push(more(value.length - SHOWN_ITEMS, 'items'));
      return items;
    }
    const entries = Object.entries(value);
    const out: Record<string, unknown> = {};
    for (const [key, item] of entries.slice(0, SHOWN_ITEMS)) define(out, key, shown(item, depth + 1));
    if (entries.length > SHOWN_ITEMS) define(out, CUT_KEYS, more(entries.length - SHOWN_ITEMS, 'keys'));
    return out;
  };
  return shown(redactor.nameKnown(escapeLookAlikes(args, 0)), 0) as Record<string, unknown>;
}
