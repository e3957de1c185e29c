import { plainText } from './plain-text';

/** Characters of one value in a summary. */
const VALUE_CHARS = 24;

/**
 * A call's arguments on one line for a menu or a notification (`to: "bob@…", subject: "Q3"`): each
 * value clipped, hidden characters made spaces, the whole bounded. The Activity screen shows them all.
 */
export function argumentsSummary(args: Record<string, unknown> | undefined, max = 80): string {
  if (args === undefined) return '';
  const entries = Object.entries(args);
  if (entries.length === 0) return 'no arguments';
  const parts = entries.map(([key, value]) => {
    const shown = JSON.stringify(value) ?? String(value);
    return `${key}: ${plainText(shown, VALUE_CHARS)}`;
  });
  return plainText(parts.join(', '), max);
}
