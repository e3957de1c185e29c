/**
 * What a 2026-07-28 request's own lane (electron/bridge/modern-lane.ts) reads of SDK v2's internals:
 * a `Server` bound to the modern era without a transport (what createMcpHandler's private
 * `setNegotiatedProtocolVersion` does to its factory's instance), and that era's wire codec, which
 * Protocol's `_onrequest` runs on a handler's result and error. The contract test
 * (modern-internals.test.ts) holds the SDK to each, against what createMcpHandler itself answers.
 */
import { isPlainToolResult, plainToolAnswer, SERVER_INFO_KEY } from './plain-tool-result';

/** The one revision the lane serves; any other (a later one the SDK may serve) takes the SDK's path. */
export const LANE_REVISION = '2026-07-28';

/**
 * The reserved `_meta` keys Protocol lifts out of a request before its handler runs and hands it as
 * `ctx.mcpReq.envelope` (MCP 2026-07-28 basic §_meta; SDK `RESERVED_ENVELOPE_META_KEYS`).
 */
export const ENVELOPE_KEYS = [
  'io.modelcontextprotocol/protocolVersion',
  'io.modelcontextprotocol/clientInfo',
  'io.modelcontextprotocol/clientCapabilities',
  'io.modelcontextprotocol/logLevel',
] as const;

/** What the 2026-07-28 codec does to a handler's outcome on its way to the wire. */
export interface ModernCodec {
  /** The result as the wire carries it: `resultType`, cache fields where they apply, the server's identity in `_meta`. Throws as the SDK does. */
  encodeResult(method: string, result: unknown): unknown;
  /** `encodeResult('tools/call', result)`, in one copy for a plain result (plain-tool-result.ts). */
  encodeToolResult(result: unknown): unknown;
  /** The code a thrown error goes out with (resource not found, -32002, is -32602 on this revision). */
  encodeErrorCode(code: number): number;
  /**
   * Whether Protocol sends a notification of this method on this revision (`_notificationViaCodec`:
   * a spec method the revision dropped, such as `notifications/initialized`, is refused; the spec's
   * methods are the `notifications/` ones, anything else is an extension's and passes).
   */
  sendsNotification(method: string): boolean;
}

interface WireCodec {
  era?: unknown;
  encodeResult?: unknown;
  encodeErrorCode?: unknown;
  hasNotificationMethod?: unknown;
}

interface ServerInternals {
  _negotiatedProtocolVersion?: unknown;
  _wireCodec?: unknown;
  _outboundServerInfo?: unknown;
}

/**
 * Binds a Server that is never connected to the 2026-07-28 era and returns that era's codec; undefined
 * when this SDK keeps the era or the codec elsewhere (then every request takes the SDK's path). The
 * Server's own handler wrappers (`tools/call` request and result checks, the `input_required` rules)
 * read the era from the instance, so a bound Server's handlers behave as on createMcpHandler's.
 */
export function bindModernEra(server: object): ModernCodec | undefined {
  const internals = server as ServerInternals;
  if (!('_negotiatedProtocolVersion' in internals) || typeof internals._wireCodec !== 'function' || typeof internals._outboundServerInfo !== 'function') return undefined;
  internals._negotiatedProtocolVersion = LANE_REVISION;
  const codec = (internals._wireCodec as () => WireCodec).call(server);
  const serverInfo: unknown = (internals._outboundServerInfo as () => unknown).call(server);
  if (codec.era !== LANE_REVISION || typeof codec.encodeResult !== 'function' || typeof codec.encodeErrorCode !== 'function' || typeof codec.hasNotificationMethod !== 'function') {
    internals._negotiatedProtocolVersion = undefined;
    return undefined;
  }
  const encodeResult = codec.encodeResult as (method: string, result: unknown, info: unknown) => unknown;
  const encodeErrorCode = codec.encodeErrorCode as (code: number) => number;
  const hasNotification = codec.hasNotificationMethod as (method: string) => boolean;
  const stamp = Object.freeze({ [SERVER_INFO_KEY]: serverInfo });
  return {
    encodeResult: (method, result) => encodeResult.call(codec, method, result, serverInfo),
    encodeToolResult: (result) => (isPlainToolResult(result) ? plainToolAnswer(result, stamp) : encodeResult.call(codec, 'tools/call', result, serverInfo)),
    encodeErrorCode: (code) => encodeErrorCode.call(codec, code),
    sendsNotification: (method) => !method.startsWith('notifications/') || hasNotification.call(codec, method),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A first-round request's params as its handler sees them, and its envelope: Protocol's
 * `liftWireOnlyMaterial` for a request that carries no `inputResponses` / `requestState` (the lane
 * takes no other). The params object comes back as it was when its `_meta` holds no envelope key.
 */
export function liftEnvelope(params: Record<string, unknown>): { params: Record<string, unknown>; envelope: Record<string, unknown> | undefined } {
  const meta = params['_meta'];
  if (!isPlainObject(meta)) return { params, envelope: undefined };
  let envelope: Record<string, unknown> | undefined;
  for (const key of ENVELOPE_KEYS) if (key in meta) (envelope ??= {})[key] = meta[key];
  if (envelope === undefined) return { params, envelope: undefined };
  // Copies made key by key in the order a spread and `delete` leave (no `delete`: it makes an object slow to read).
  const rest = copyWhere(meta, isNotEnvelopeKey);
  const lifted = copyWhere(params, rest === undefined ? isNotMeta : keepAll) ?? {};
  if (rest !== undefined) lifted['_meta'] = rest;
  return { params: lifted, envelope };
}

// The filters of liftEnvelope's copies: functions made once, not closures made per request.
function isNotEnvelopeKey(key: string): boolean {
  return !(ENVELOPE_KEYS as readonly string[]).includes(key);
}
function isNotMeta(key: string): boolean {
  return key !== '_meta';
}
function keepAll(): boolean {
  return true;
}

/** The own members of `source` whose key `keep` takes, in its order; undefined when none. */
function copyWhere(source: Record<string, unknown>, keep: (key: string) => boolean): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const key in source) {
    if (!Object.hasOwn(source, key) || !keep(key)) continue;
    out ??= {};
    // A parsed `__proto__` member is an own member: assigned, it would set the prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    else out[key] = source[key];
  }
  return out;
}

/** A tool result's keys of another result family: such a result is not given `content: []` (SDK `TOOL_RESULT_FOREIGN_FAMILY_KEYS`). */
const FOREIGN_FAMILY_KEYS = ['task', 'inputRequests', 'requestState'];

/** The handler a Server's `tools/call` wrapper calls (what `setRequestHandler` stored), with its request already checked. */
export type CheckedHandler = (request: unknown, ctx: unknown) => unknown;

/** A context's `mcpReq.requestState`, read as Protocol reads it; NOT_READ when it has none to call. */
const NOT_READ = Symbol('no requestState');
function requestStateOf(ctx: unknown): unknown {
  const mcpReq = (ctx as { mcpReq?: { requestState?: unknown } } | undefined)?.mcpReq;
  return typeof mcpReq?.requestState === 'function' ? (mcpReq.requestState as () => unknown)() : NOT_READ;
}

/**
 * What Server's `tools/call` wrapper (`_wrapHandler`) does around its handler once the request has
 * passed its checks: the `input_required` rules (`_invokeInputRequiredCapableHandler`: a URL
 * elicitation thrown refused, an `input_required` result held to the at-least-one rule and to the
 * capabilities the request's envelope declared, -32021), then a result without content given
 * `content: []` and checked, and shaped, by the era's result schema (a plain result, which the check
 * would only copy, is handed on as it is: plain-tool-result.ts). `fail` makes the SDK's
 * ProtocolError (this folder imports no SDK value: the SDK loads on first use). Undefined when this
 * SDK keeps the rules elsewhere or the server is not bound to an era with a codec.
 *
 * A request without retry state is handed to the handler directly (the rules' only step before it is
 * that state's check): a plain result, which has no `resultType` and so is never `input_required`,
 * needs none of the rules; anything else the handler returned or threw is then put through the
 * SDK's own rules by a handler that gives back just that outcome, so the core runs once and every
 * refusal is the SDK's.
 */
export function toolCallRules(server: object, fail: (code: number, message: string) => Error): ((handler: CheckedHandler, request: unknown, ctx: unknown) => Promise<unknown>) | undefined {
  const internals = server as { _invokeInputRequiredCapableHandler?: unknown; _wireCodec?: unknown };
  if (typeof internals._invokeInputRequiredCapableHandler !== 'function' || typeof internals._wireCodec !== 'function') return undefined;
  const invoke = internals._invokeInputRequiredCapableHandler as (method: string, handler: CheckedHandler, request: unknown, ctx: unknown) => Promise<unknown>;
  const codec = (internals._wireCodec as () => { validateResult?: unknown }).call(server);
  if (typeof codec.validateResult !== 'function') return undefined;
  const validateResult = codec.validateResult as (method: string, value: unknown) => { ok: boolean; value?: unknown; reason?: string; message?: string };
  const checkResult = (result: unknown): unknown => {
    if (isPlainObject(result) && result['resultType'] === 'input_required') return result;
    if (isPlainToolResult(result)) return result;
    const normalized = isPlainObject(result) && result['content'] === undefined && !FOREIGN_FAMILY_KEYS.some((key) => key in result) ? { ...result, content: [] } : result;
    const checked = validateResult.call(codec, 'tools/call', normalized);
    if (checked.ok) return checked.value;
    // ProtocolErrorCode.InternalError and InvalidParams, with the SDK's messages.
    throw checked.reason === 'not-in-era' ? fail(-32603, 'No wire schema for tools/call in the resolved era') : fail(-32602, `Invalid tools/call result: ${String(checked.message)}`);
  };
  return async (handler, request, ctx) => {
    if (requestStateOf(ctx) !== undefined) return checkResult(await invoke.call(server, 'tools/call', handler, request, ctx));
    let result: unknown;
    try {
      result = await handler(request, ctx);
    } catch (thrown) {
      // Rethrown by the rules as they are, or refused (a URL elicitation on this era): always a throw.
      return await invoke.call(server, 'tools/call', () => { throw thrown; }, request, ctx);
    }
    if (isPlainToolResult(result)) return result;
    return checkResult(await invoke.call(server, 'tools/call', () => result, request, ctx));
  };
}
