/**
 * What a 2026-07-28 request's own lane (electron/bridge/modern-lane.ts) reads of SDK v2's internals:
 * a `Server` bound to the modern era without a transport (what createMcpHandler's private
 * `setNegotiatedProtocolVersion` does to its factory's instance), and that era's wire codec, which
 * Protocol's `_onrequest` runs on a handler's result and error. The contract test
 * (modern-internals.test.ts) holds the SDK to each, against what createMcpHandler itself answers.
 */

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
  /** The code a thrown error goes out with (resource not found, -32002, is -32602 on this revision). */
  encodeErrorCode(code: number): number;
}

interface WireCodec {
  era?: unknown;
  encodeResult?: unknown;
  encodeErrorCode?: unknown;
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
  if (codec.era !== LANE_REVISION || typeof codec.encodeResult !== 'function' || typeof codec.encodeErrorCode !== 'function') {
    internals._negotiatedProtocolVersion = undefined;
    return undefined;
  }
  const encodeResult = codec.encodeResult as (method: string, result: unknown, info: unknown) => unknown;
  const encodeErrorCode = codec.encodeErrorCode as (code: number) => number;
  return {
    encodeResult: (method, result) => encodeResult.call(codec, method, result, serverInfo),
    encodeErrorCode: (code) => encodeErrorCode.call(codec, code),
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
  const keys = ENVELOPE_KEYS.filter((key) => key in meta);
  if (keys.length === 0) return { params, envelope: undefined };
  const envelope: Record<string, unknown> = {};
  const rest = { ...meta };
  for (const key of keys) {
    envelope[key] = meta[key];
    delete rest[key];
  }
  const lifted = { ...params };
  if (Object.keys(rest).length > 0) lifted['_meta'] = rest;
  else delete lifted['_meta'];
  return { params: lifted, envelope };
}
