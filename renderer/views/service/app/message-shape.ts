/**
 * How deep an app's message may nest: the bridge's 64 levels of a call's arguments (docs/bridge.md)
 * and the message's own envelope around them (`params.arguments`).
 */
export const MAX_MESSAGE_DEPTH = 64 + 4;

/** Why a message was refused before any recursive work on it (JSON, zod, the App API). */
export type ShapeRefusal = 'unreadable' | 'deep' | 'large';

/**
 * Walks what the app posted without recursion, stopping at the first bound it passes: deeper than
 * `maxDepth`, or larger than `maxSize`, where each value counts one and each string and key its
 * length too (a cycle, which structured clone keeps, ends here too). Lengths are read, never the
 * text, so a string of 60 MiB costs no more than a short one. A message the browser could not copy
 * to this page (nested past its own limit) arrives as `null`.
 */
export function refusedShape(data: unknown, maxDepth: number, maxSize: number): ShapeRefusal | undefined {
  if (typeof data === 'string' && data.length > maxSize) return 'large';
  if (data === null || typeof data !== 'object') return 'unreadable';
  const stack: Array<{ value: unknown; depth: number }> = [{ value: data, depth: 1 }];
  let size = 0;
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth } = item;
    if (typeof value === 'string' && (size += value.length) > maxSize) return 'large';
    if (value === null || typeof value !== 'object') continue;
    if (depth > maxDepth) return 'deep';
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        if ((size += 1) > maxSize) return 'large';
        stack.push({ value: value[index] as unknown, depth: depth + 1 });
      }
      continue;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if ((size += 1 + key.length) > maxSize) return 'large';
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return undefined;
}

/** The note the panel shows for a refused message. */
export function refusalNote(why: ShapeRefusal | 'too long'): string {
  if (why === 'deep') return `The app sent a message nested deeper than ${MAX_MESSAGE_DEPTH} levels; it was refused, unread.`;
  if (why === 'unreadable') return 'The app sent a message the page could not read (nested past the browser’s own limit, or not a JSON-RPC message); it was refused.';
  return 'The app sent a message larger than a message may be; it was refused, unread.';
}
