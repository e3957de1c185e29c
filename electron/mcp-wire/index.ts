/**
 * The seam between our core and the MCP SDK's wire-level internals (issue #30): every read or
 * replacement of an SDK private member is here, with a contract test, so the next SDK changes one
 * folder. Bottom of the layering (test/layering/layers.mjs), beside fs-safe. SDK v2 only.
 */
export { SDK_PRIVATE_MEMBERS, errorReporter, requestHandlers, runningRequests } from './protocol-internals';
export type { Abortable, ProtocolHandler, RunningTable } from './protocol-internals';
export { awaitsAnswer, clientParts } from './client-internals';
export type { ClientParts } from './client-internals';
export { toolListingWalk } from './tool-listing';
export type { ToolListing } from './tool-listing';
export { useIdTables } from './per-request-tables';
export { refuseStringIds } from './answer-ids';
export { deliverOnConnect, directDelivery, onParsedRequest, registeredHere, rpcKind } from './sdk-dispatch';
export type { Deliver, RequestSchema, RpcKind } from './sdk-dispatch';
export { carriesWireMaterial, legacyErrorCode } from './legacy-codec';
export { bindModernEra, liftEnvelope, toolCallRules, ENVELOPE_KEYS, LANE_REVISION } from './modern-internals';
export { isPlainToolResult } from './plain-tool-result';
export type { CheckedHandler, ModernCodec } from './modern-internals';
