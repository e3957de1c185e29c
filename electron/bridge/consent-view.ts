import { redactor } from '../../shared/redact';

/** Characters of one string the person is shown; the rest is cut with a note saying how much. */
export const SHOWN_STRING_LENGTH = 8 * 1024;
/** Items of one array, keys of one object. */
export const SHOWN_ITEMS = 200;
/** Characters shown of all strings together. */
export const SHOWN_BUDGET = 256 * 1024;
const SHOWN_DEPTH = 64;

function more(n: number, what: string): string {
  return `[cut: ${n.toLocaleString('en-US')} more ${what}]`;
}

/**
 * What the person is shown of a call's arguments when asked to approve it, whatever
 * `auditArguments` says: exactly as the agent sent them, but for values we hold (vault secrets,
 * tokens, resolved references), each replaced by which secret it is. The log's redaction patterns
 * stay out: a `cookie:` pattern would hide the rest of a line the server then writes in full, so
 * the person would consent to something else. Then bounded, each cut marked (after naming, so a cut
 * never splits a secret into a shown prefix). Runs only on arguments that passed checkBounds, so
 * depth is bounded.
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
    // defineProperty: a key such as `__proto__` stays a key, it never sets the prototype.
    const put = (key: string, item: unknown): void => void Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    for (const [key, item] of entries.slice(0, SHOWN_ITEMS)) put(key, shown(item, depth + 1));
    if (entries.length > SHOWN_ITEMS) put('…', more(entries.length - SHOWN_ITEMS, 'keys'));
    return out;
  };
  return shown(redactor.nameKnown(args), 0) as Record<string, unknown>;
}
