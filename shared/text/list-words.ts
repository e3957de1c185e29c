/**
 * Items joined as a sentence lists them: "a", "a and b", "a, b and c" (no comma before the last
 * word, as every message here writes it). Without Intl.ListFormat: it loads ICU's locale data, and
 * its English puts a comma there.
 */
export function joinedList(items: readonly string[], options: { conjunction?: 'and' | 'or' } = {}): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${options.conjunction ?? 'and'} ${items.at(-1) ?? ''}`;
}
