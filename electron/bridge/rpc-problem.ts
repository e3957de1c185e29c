/** The members a JSON-RPC 2.0 message may have (§4, §5). */
const MEMBERS = new Set(['jsonrpc', 'id', 'method', 'params', 'result', 'error']);

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
/** MCP: "a string or integer", never null (basic/index §Requests); a progress token likewise (utilities/progress). */
const idLike = (value: unknown): boolean => typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));

/**
 * What makes a message the JSON-RPC schema refused no valid one, in words an agent's author acts on
 * (`an id must be a string or a whole number`), else the plain verdict. Names members, never values.
 */
export function rpcProblem(item: unknown): string {
  if (!isRecord(item)) return 'each message must be a JSON object';
  if (item['jsonrpc'] !== '2.0') return 'its "jsonrpc" must be "2.0"';
  const unknown = Object.keys(item).find((key) => !MEMBERS.has(key));
  if (unknown !== undefined) return `"${unknown.slice(0, 40)}" is no member of a JSON-RPC message (only jsonrpc, id, method, params, result, error)`;
  if ('id' in item && !idLike(item['id'])) return 'an id must be a string or a whole number (not null, a fraction, an object or a boolean)';
  if ('method' in item && typeof item['method'] !== 'string') return 'its "method" must be a string';
  if ('params' in item && !isRecord(item['params'])) return 'its "params" must be an object';
  const meta = isRecord(item['params']) ? item['params']['_meta'] : undefined;
  if (meta !== undefined && !isRecord(meta)) return 'its params._meta must be an object';
  if (isRecord(meta) && 'progressToken' in meta && !idLike(meta['progressToken'])) return 'a progressToken must be a string or a whole number';
  return 'not a valid JSON-RPC message';
}
