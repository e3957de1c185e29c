import { redactor } from '../../shared/redact';

/** How deep the base64 check follows a result: as deep as `removeKnown` walks it. */
const MAX_DEPTH = 256;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A base64 member a secret was cut out of is no longer base64, and the agent's MCP library refuses
 * the whole answer for it (an image's or audio's `data`, a resource's `blob`: MCP 2025-11-25
 * server/tools §Tool Result, server/resources §Resource Contents). Such an item is told as text
 * instead, the rest of the answer as it was.
 */
function keptValid(before: unknown, after: unknown, depth: number): unknown {
  if (before === after || depth > MAX_DEPTH) return after;
  if (Array.isArray(before) && Array.isArray(after)) {
    let changed = false;
    const out = after.map((item, i) => {
      const kept = keptValid(before[i], item, depth + 1);
      changed ||= kept !== item;
      return kept;
    });
    return changed ? out : after;
  }
  if (!isRecord(before) || !isRecord(after)) return after;
  if ((after['type'] === 'image' || after['type'] === 'audio') && typeof after['data'] === 'string' && after['data'] !== before['data']) {
    return { type: 'text', text: `[an ${after['type'] === 'image' ? 'image' : 'audio clip'} the service sent was withheld: it held a value of the vault]` };
  }
  if (typeof after['uri'] === 'string' && typeof after['blob'] === 'string' && after['blob'] !== before['blob']) {
    return { uri: after['uri'], mimeType: 'text/plain', text: '[the content the service sent was withheld: it held a value of the vault]' };
  }
  let out: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(after)) {
    if (!Object.hasOwn(before, name)) continue;
    const kept = keptValid(before[name], value, depth + 1);
    if (kept !== value) (out ??= { ...after })[name] = kept;
  }
  return out ?? after;
}

/**
 * What an agent is handed from a server (a result, a resource, a prompt, a progress message): no
 * value of the vault, in any of its forms (SECURITY.md), and otherwise the server's data
 * as it was. Without known secrets, or when none appears, the very same object.
 */
export function withoutSecrets<T>(value: T): T {
  const cleaned = redactor.removeKnown(value);
  return cleaned === value ? value : (keptValid(value, cleaned, 0) as T);
}
