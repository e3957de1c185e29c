/**
 * Why a 2026-07-28 request's `inputResponses` is refused before the SDK sees it: the schema makes it an
 * object of answers under the keys of the `inputRequests` they answer (MCP 2026-07-28 schema,
 * InputResponses), and the SDK would read an array, a string or null as no answers at all and ask the
 * same round again. Invalid params (JSON-RPC 2.0 §5.1), answered as the SDK answers a refused
 * requestState, whose state then still answers a corrected retry. Undefined for any other body.
 */
export function malformedResponses(body: unknown): { id: string | number; message: string } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { id, params } = body as { id?: unknown; params?: unknown };
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof params !== 'object' || params === null || !('inputResponses' in params)) return undefined;
  const responses = (params as { inputResponses?: unknown }).inputResponses;
  if (typeof responses === 'object' && responses !== null && !Array.isArray(responses)) return undefined;
  const kind = Array.isArray(responses) ? 'an array' : responses === null ? 'null' : `a ${typeof responses}`;
  return { id, message: `Invalid params: inputResponses must be an object holding each answer under the key of the inputRequests entry it answers, not ${kind}` };
}
