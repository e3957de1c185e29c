import { requestHandlers, type ProtocolHandler } from '../mcp-wire';
import { invalidParamsOfRefusal } from './invalid-params';

function namingParams(handler: ProtocolHandler): ProtocolHandler {
  return (request, ctx) => {
    let outcome: unknown;
    try {
      outcome = handler(request, ctx);
    } catch (error) {
      throw invalidParamsOfRefusal(error);
    }
    return outcome instanceof Promise
      ? outcome.catch((error: unknown) => {
          throw invalidParamsOfRefusal(error);
        })
      : outcome;
  };
}

/**
 * Makes each handler of a 2026-07-28 server answer a request its codec refuses as a legacy session
 * does (invalid-params.ts): -32602 naming the field (JSON-RPC 2.0 §5.1), not the schema library's
 * pretty-printed issue list, which on every method but `tools/call` went out as -32603. Called once
 * every handler is registered; the lane (modern-lane.ts) reads the same table.
 */
export function refusalsNameParams(server: object): void {
  const handlers = requestHandlers(server);
  if (handlers === undefined) return;
  for (const [method, handler] of handlers) handlers.set(method, namingParams(handler));
}
