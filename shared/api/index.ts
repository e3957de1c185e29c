export * from './agent-clients';
export * from './bridge-views';
export * from './admin-views';
export * from './views';
export * from './inspect-views';
export * from './ask-views';
export { AGENT_LISTING_BOUND, LISTED_DESCRIPTION_CUT_NOTE, listingSize, MAX_AGENT_LISTING_BYTES, MAX_LISTED_DESCRIPTION } from './listing-bound';
export { base64Size, baseType, imageShowable, wavDurationMs } from './media-facts';
export * from './registry-views';
export * from './client-views';
export * from './sign-in-views';
export * from './add-service-views';
export { API_METHODS, API_EVENTS, StatusSchema, isApiMethod } from './contract';
export { describeIssues, parseApiInput } from './parse-input';
export { lazySchema } from './lazy-schema';
export { hintedTier } from './tool-hints';
export { destructiveWordOf, DESTRUCTIVE_VERBS, toolNameWords } from './tool-words';
export { IDLE_LIMIT_META, PERSON_USE_HEADER } from './web-use';
export type {
  ApiMethods,
  ApiMethod,
  ApiInput,
  ApiOutput,
  ApiEvents,
  ApiEvent,
  ApiEventPayload,
  AppApi,
} from './contract';
export { serverHealth, byAttention, failedServers, isRunning, HEALTH_ORDER } from './server-order';
export type { ServerHealth } from './server-order';
export { BRIDGE_OPEN, BRIDGE_PAUSED, NOTHING_WAITS, WAITS_TO, waitsToCall, whereCalled, callsWaiting, questionsWaiting } from './status-words';
export { revokePlan, revokeOutcome, type RevokeResultWords } from './revoke-words';
export * from './secret-store-views';
export * from './store-reference-views';
export * from './code-agent-views';
export * from './pin-views';
export * from './decision-views';
export { askDecision, callDecision, confirmationDecision, toolChangeDecision } from './decision-summaries';
export { appCallDecision } from './decision-summaries';
export * from './app-call-views';
export { InputRoundSettingsSchema, SessionSettingsSchema, SetInputRoundSettingsSchema, SetSessionSettingsSchema } from './settings-methods';
export type { InputRoundSettingsView, SessionSettingsView, WebUiSettingsView } from './settings-methods';
export * from './first-inventory';
export { currentError } from './current-error';
export { disconnectOutcome, type DisconnectAnswer, type DisconnectOutcome } from './disconnect-outcome';
export { AGENT_NAME, spacedLikeAnother } from './agent-name';
export { agentNameAdvice, serverNameAdvice, type NameAdvice, type TakenNames, type TakenServerNames } from './name-advice';
export { likelyMeant, noneNamed, unknownServers } from './unknown-servers';
