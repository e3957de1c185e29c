import type { IncomingMessage } from 'node:http';
import type { InboundModernRoute, JSONRPCRequest, RequestId } from '@modelcontextprotocol/server';
import { LANE_REVISION, liftEnvelope } from '../mcp-wire';
import { LOG_LEVEL_META_KEY } from '../pool';

/** The request as the SDK's request check of tools/call would hand it to the handler (its 2026-07-28 dispatch schema: `name`, `arguments`, `_meta`; other members dropped). */
export interface CheckedCall {
  method: 'tools/call';
  params: Record<string, unknown>;
}

/**
 * The listings the lane answers besides tools/call (MCP 2026-07-28 server/tools, server/prompts,
 * server/resources §Listing): a cursor their only param, their answers shaped by the SDK's own
 * handler wrapper (its request check, the cache hint: `ttlMs`, `cacheScope`) and codec.
 */
export const LANE_LISTINGS: ReadonlySet<string> = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']);

/**
 * A first-round request the lane serves (modern-lane.ts): its method, its params as the handler sees
 * them, its envelope, and either `checked`, for a call whose params plainly pass the SDK's request
 * check, or the whole request for the SDK's checks to answer what they find (made only then).
 */
export type LaneRequest = { id: RequestId; method: string; params: Record<string, unknown>; envelope: Record<string, unknown> | undefined } & (
  | { checked: CheckedCall; request?: undefined }
  | { checked: undefined; request: JSONRPCRequest }
);

/**
 * `Mcp-Name` carried as `=?base64?…?=` (MCP 2026-07-28 basic/transports §Standard Request Headers): the
 * SDK decodes it. What its `/^=\?base64\?.*\?=$/s` matches, told by two native comparisons rather than
 * a regular expression run on every call.
 */
const BASE64_OPEN = '=?base64?';
const BASE64_CLOSE = '?=';
function base64Encoded(value: string): boolean {
  return value.length >= BASE64_OPEN.length + BASE64_CLOSE.length && value.startsWith(BASE64_OPEN) && value.endsWith(BASE64_CLOSE);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** RFC 9110 §5.5: optional whitespace around a field value (what the SDK strips before comparing; no regular expression run for a value without any). */
function trimOws(value: string): string {
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  return first === 32 || first === 9 || last === 32 || last === 9 ? value.replace(/^[ \t]+|[ \t]+$/g, '') : value;
}

/** A progress token as the SDK's request schema takes it (`ProgressTokenSchema`: a string or a safe integer); the classification refused any other. */
function isProgressToken(value: unknown): boolean {
  return typeof value === 'string' || Number.isSafeInteger(value);
}

/**
 * Whether a request the SDK classified as 2026-07-28 is the lane's: a first-round `tools/call` or
 * listing whose standard headers plainly agree with its body (MCP 2026-07-28 basic/transports
 * §Standard Request Headers: `MCP-Protocol-Version` and `Mcp-Method` present — the classification
 * compared them with the body already — and, for a call, `Mcp-Name` equal to `params.name`; a
 * listing has no `Mcp-Name` source, so the SDK reads none). A progress token is the lane's: what the
 * call sends about it goes on the request's stream (modern-lane-exchange.ts). The conditions are
 * narrower than the specification's: anything else (a retry with `inputResponses` / `requestState`,
 * a task, a log level, an encoded `Mcp-Name`, another revision, any header the SDK would refuse)
 * takes the SDK's path, which answers it or its error (-32020, -32022, -32602) as the specification says.
 */
export function laneRequest(req: IncomingMessage, route: InboundModernRoute): LaneRequest | undefined {
  if (route.messageKind !== 'request' || route.classification.revision !== LANE_REVISION) return undefined;
  const method = route.message.method;
  const isCall = method === 'tools/call';
  if (!isCall && !LANE_LISTINGS.has(method)) return undefined;
  const params = route.message.params;
  if (!isPlainObject(params) || (isCall && typeof params['name'] !== 'string')) return undefined;
  if ('inputResponses' in params || 'requestState' in params || 'task' in params) return undefined;
  const meta = params['_meta'];
  if (!isPlainObject(meta) || LOG_LEVEL_META_KEY in meta) return undefined;
  const progress = 'progressToken' in meta;
  if (progress && !isProgressToken(meta['progressToken'])) return undefined;
  const version = header(req, 'mcp-protocol-version');
  const methodHeader = header(req, 'mcp-method');
  if (version === undefined || methodHeader === undefined) return undefined;
  if (trimOws(version) !== LANE_REVISION || trimOws(methodHeader) !== method) return undefined;
  if (isCall) {
    const name = header(req, 'mcp-name');
    const trimmed = name === undefined ? undefined : trimOws(name);
    if (trimmed === undefined || trimmed !== params['name'] || base64Encoded(trimmed)) return undefined;
  }
  const lifted = liftEnvelope(params);
  // A call with a progress token, and a listing, go through the SDK's own request check.
  const checked = isCall && !progress ? checkedCall(lifted.params) : undefined;
  const id = route.message.id;
  if (checked) return { id, method, params: lifted.params, envelope: lifted.envelope, checked };
  return { id, method, params: lifted.params, envelope: lifted.envelope, checked, request: { ...route.message, params: lifted.params } };
}

/**
 * A first-round call's params as the SDK's dispatch schema parses them (`name` a string, `arguments`
 * absent or a record, `_meta` absent or an object without a progress token: the entry checked the
 * rest), or undefined when they may not pass it; then the SDK's own checks run, so a refusal is its own.
 */
function checkedCall(params: Record<string, unknown>): CheckedCall | undefined {
  const name = params['name'];
  const args = params['arguments'];
  const meta = params['_meta'];
  if (typeof name !== 'string') return undefined;
  if (args !== undefined && (!isPlainObject(args) || Object.hasOwn(args, '__proto__'))) return undefined;
  if (meta !== undefined && !isPlainObject(meta)) return undefined;
  // Members set one by one in the schema's order (no spread of a temporary per member).
  const checked: Record<string, unknown> = {};
  if (meta !== undefined) checked['_meta'] = meta;
  checked['name'] = name;
  if (args !== undefined) checked['arguments'] = args;
  return { method: 'tools/call', params: checked };
}
