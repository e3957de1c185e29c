/**
 * What SDK v2's wire codec of the 2025 era (core-internal wire/rev2025, module-private) does to a
 * tools/call on its way through Protocol's `_onrequest`, for a lane that answers one without it
 * (electron/bridge/tool-call-lane.ts). The contract test (sdk-internals.test.ts) holds the SDK to it.
 */

/** The `_meta` prefix of the keys the MCP specification reserves (basic §_meta); the SDK lifts its envelope keys out of them. */
const RESERVED_META_PREFIX = 'io.modelcontextprotocol/';

/**
 * Whether the SDK would treat these params as more than a plain 2025-era request: a task
 * (`task`), a related task or envelope key in `_meta`, or a 2026-07-28 retry's `inputResponses` /
 * `requestState`, which `_onrequest` lifts out before the handler runs. Such a call takes the SDK's path.
 */
export function carriesWireMaterial(params: Record<string, unknown> | undefined): boolean {
  if (params === undefined) return false;
  if ('task' in params || 'inputResponses' in params || 'requestState' in params) return true;
  const meta = params['_meta'];
  if (meta === null || typeof meta !== 'object') return false;
  for (const key in meta) if (key.startsWith(RESERVED_META_PREFIX)) return true;
  return false;
}

/**
 * The code the 2025 codec puts on the wire for a handler's thrown one (`encodeErrorCode`): resource
 * not found (-32002) goes out as -32602 on every revision, the 2026-07-28 specification's MUST
 * (server/resources §Error Handling), which 2025-era clients accept as well.
 */
export function legacyErrorCode(code: number): number {
  return code === -32002 ? -32602 : code;
}
