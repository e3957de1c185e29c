import type { RequestSchema } from '../mcp-wire';

/**
 * A session's tools/call as the SDK's CallToolRequestSchema hands it on, made without zod when it
 * plainly passes: `method` "tools/call", `params` a plain object with `name` a string, `arguments`
 * absent or a plain object without a parsed `__proto__` member, and neither `_meta` nor `task`
 * (their schemas have more to check). The schema strips every other member, the request's `jsonrpc`
 * and `id` too, and lists `name` before `arguments`: so does this. Undefined for anything else.
 */
export function plainSessionCall(request: unknown): { method: 'tools/call'; params: Record<string, unknown> } | undefined {
  if (!isPlain(request) || request['method'] !== 'tools/call') return undefined;
  const params = request['params'];
  if (!isPlain(params) || Object.hasOwn(params, '_meta') || Object.hasOwn(params, 'task')) return undefined;
  const name = params['name'];
  const args = params['arguments'];
  if (typeof name !== 'string' || !Object.hasOwn(params, 'name')) return undefined;
  if (args === undefined) return Object.hasOwn(params, 'arguments') ? undefined : { method: 'tools/call', params: { name } };
  if (!isPlain(args) || Object.hasOwn(args, '__proto__') || !Object.hasOwn(params, 'arguments')) return undefined;
  return { method: 'tools/call', params: { name, arguments: args } };
}

/** The tools/call schema with the plain call's shortcut before it: anything else is the schema's to accept or refuse. */
export function plainCallFirst<R>(schema: RequestSchema<R>): RequestSchema<R> {
  return { parse: (value) => (plainSessionCall(value) as R | undefined) ?? schema.parse(value) };
}

function isPlain(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}
