/**
 * A `tools/call` result of the plainest shape, answered on the 2026-07-28 lane without the SDK's
 * copies. For such a result the SDK's result check (the era's zod schema, modern-internals.ts
 * toolCallRules) hands back a copy that serializes as the result itself, and its codec's
 * `encodeResult` copies it twice more (`resultType` stamped, then the server's identity in `_meta`):
 * here the check is skipped and the wire form is one object. Anything else takes the SDK's own
 * steps. The contract test (plain-tool-result.test.ts) holds both to the SDK's, byte for byte.
 */

/** The key Protocol stamps the server's identity under (MCP 2026-07-28 basic §_meta; SDK `SERVER_INFO_META_KEY`). */
export const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

/** The members the era's `tools/call` result schema names, in its order: the check's copy puts them so, the rest after. */
const RESULT_KEYS = ['_meta', 'content', 'structuredContent', 'isError'];

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/** `{ "type": "text", "text": <string> }` and nothing else, in that order: what the schema's copy of it would be. */
function isPlainText(block: unknown): boolean {
  if (!isPlainRecord(block) || block['type'] !== 'text' || typeof block['text'] !== 'string') return false;
  let index = 0;
  for (const key in block) {
    if (key !== (index === 0 ? 'type' : 'text') || index > 1 || !Object.hasOwn(block, key)) return false;
    index++;
  }
  return index === 2;
}

/**
 * Whether the SDK's check and codec would make of `result` only copies of it: own members among
 * `_meta`, `content`, `structuredContent`, `isError`, in that order (nothing the schema strips,
 * reorders or the codec rewrites: no `resultType`, no other result family's keys); `content` a list
 * of plain text blocks; `isError` a boolean; `_meta` a plain object without the server's identity
 * (the schema would check it) or a `__proto__` member (its copy would drop it); `structuredContent`
 * anything (the schema takes it as it is).
 */
export function isPlainToolResult(result: unknown): result is Record<string, unknown> {
  if (!isPlainRecord(result)) return false;
  let next = 0;
  for (const key in result) {
    const at = RESULT_KEYS.indexOf(key, next);
    if (at < 0 || !Object.hasOwn(result, key)) return false;
    next = at + 1;
  }
  const content = result['content'];
  if (!Array.isArray(content) || Object.getPrototypeOf(content) !== Array.prototype) return false;
  for (let i = 0; i < content.length; i++) if (!isPlainText(content[i])) return false;
  if ('isError' in result && typeof result['isError'] !== 'boolean') return false;
  if (!('_meta' in result)) return true;
  const meta = result['_meta'];
  return isPlainRecord(meta) && !(SERVER_INFO_KEY in meta) && !Object.hasOwn(meta, '__proto__');
}

/**
 * The wire form of a plain result (isPlainToolResult), as the SDK's `encodeResult` makes it: its
 * members in their order, `resultType: "complete"` after them, and the server's identity in `_meta`
 * (`stamp`, `{ [SERVER_INFO_KEY]: serverInfo }`, shared, as a new last member where the result had no
 * `_meta`, else added to a copy of it where it stood). An absent member is undefined here, which JSON
 * leaves out as it leaves out the absent.
 */
export function plainToolAnswer(result: Record<string, unknown>, stamp: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const meta = result['_meta'] as Record<string, unknown> | undefined;
  if (meta === undefined) {
    return { content: result['content'], structuredContent: result['structuredContent'], isError: result['isError'], resultType: 'complete', _meta: stamp };
  }
  return {
    _meta: { ...meta, [SERVER_INFO_KEY]: stamp[SERVER_INFO_KEY] },
    content: result['content'],
    structuredContent: result['structuredContent'],
    isError: result['isError'],
    resultType: 'complete',
  };
}
