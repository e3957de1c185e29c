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
 * A first-round tools/call the lane serves (modern-lane.ts): its params as the handler sees them, its
 * envelope, and either `checked`, when its params plainly pass the SDK's request check, or the whole
 * request for the SDK's checks to answer what they find (made only then).
 */
export type LaneRequest = { id: RequestId; params: Record<string, unknown>; envelope: Record<string, unknown> | undefined } & (
  | { checked: CheckedCall; request?: undefined }
  | { checked: undefined; request: JSONRPCRequest }
);

/** `Mcp-Name` carried as `=?base64?…?=` (MCP 2026-07-28 basic/transports §Standard Request Headers): the SDK decodes it. */
const BASE64_SENTINEL = /^=\?base64\?.*\?=$/s;

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

/**
 * Whether a request the SDK classified as 2026-07-28 is the lane's: a first-round `tools/call` whose
 * standard headers plainly agree with its body (MCP 2026-07-28 basic/transports §Standard Request
 * Headers: `MCP-Protocol-Version` and `Mcp-Method` present — the classification compared them with
 * the body already — and `Mcp-Name` equal to `params.name`). The conditions are narrower than the
 * specification's: anything else (a retry with `inputResponses` / `requestState`, a task, a
 * progress token or a log level, which may need a stream, an encoded `Mcp-Name`, another revision,
 * any header the SDK would refuse) takes the SDK's path, which answers it or its error (-32020,
 * -32022, -32602) as the specification says.
 */
export function laneRequest(req: IncomingMessage, route: InboundModernRoute): LaneRequest | undefined {
  if (route.messageKind !== 'request' || route.message.method !== 'tools/call') return undefined;
  if (route.classification.revision !== LANE_REVISION) return undefined;
  const params = route.message.params;
  if (!isPlainObject(params) || typeof params['name'] !== 'string') return undefined;
  if ('inputResponses' in params || 'requestState' in params || 'task' in params) return undefined;
  const meta = params['_meta'];
  if (!isPlainObject(meta) || LOG_LEVEL_META_KEY in meta || 'progressToken' in meta) return undefined;
  const version = header(req, 'mcp-protocol-version');
  const method = header(req, 'mcp-method');
  const name = header(req, 'mcp-name');
  if (version === undefined || method === undefined || name === undefined) return undefined;
  if (trimOws(version) !== LANE_REVISION || trimOws(method) !== 'tools/call') return undefined;
  const trimmed = trimOws(name);
  if (trimmed !== params['name'] || BASE64_SENTINEL.test(trimmed)) return undefined;
  const lifted = liftEnvelope(params);
  const checked = checkedCall(lifted.params);
  const id = route.message.id;
  if (checked) return { id, params: lifted.params, envelope: lifted.envelope, checked };
  return { id, params: lifted.params, envelope: lifted.envelope, checked, request: { ...route.message, params: lifted.params } };
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
