import { plainRequest, plainResultResponse } from './plain-rpc-message';

/** One of the SDK's JSON-RPC message schemas: anything with a throwing `parse` (SDK 1.x's or v2's zod). */
interface MessageSchema<M> {
  parse(value: unknown): M;
}

/** The SDK's four JSON-RPC message schemas (1.x types.js, v2 `@modelcontextprotocol/core`). */
export interface RpcSchemas<M> {
  JSONRPCRequestSchema: MessageSchema<M>;
  JSONRPCNotificationSchema: MessageSchema<M>;
  JSONRPCResultResponseSchema: MessageSchema<M>;
  JSONRPCErrorResponseSchema: MessageSchema<M>;
}

/**
 * A peer's message (JSON-RPC 2.0 §4, §5) checked against the one SDK schema its shape allows. The
 * four are strict objects, so only a request has both `method` and `id`, only a notification has
 * `method` alone, only a result response has `result`: the SDK's union (JSONRPCMessageSchema)
 * accepts exactly the same values, but tries each schema in turn, so a response first failed two,
 * whose issues cost ~3 KB and twice the time of the parse that succeeds.
 * A plain request or result response (plain-rpc-message.ts) is built as the schema would build it,
 * without zod: the commonest messages, a call and its answer. `value` is what JSON.parse made.
 * @throws ZodError when the value is no JSON-RPC message, as the union would.
 */
export function parseRpcMessage<M>(value: object, schemas: RpcSchemas<M>): M {
  const members = value as Record<string, unknown>;
  if ('method' in value) {
    if (!('id' in value)) return schemas.JSONRPCNotificationSchema.parse(value);
    return (plainRequest(members) as M | undefined) ?? schemas.JSONRPCRequestSchema.parse(value);
  }
  if (!('result' in value)) return schemas.JSONRPCErrorResponseSchema.parse(value);
  return (plainResultResponse(members) as M | undefined) ?? schemas.JSONRPCResultResponseSchema.parse(value);
}
