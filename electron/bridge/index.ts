export { createBridge, BRIDGE_HOST } from './bridge';
export type { Bridge, BridgeConnection, BridgeOptions } from './types';
export { AgentStore, AGENTS_FILE } from './agent-store';
export { parseFile as parseAgentsFile } from './agent-file';
export type { AgentStoreEvents, AgentStoreOptions } from './agent-store';
export type { AgentsFileEdit } from './agent-writes';
export { AGENT_CODE_PLACE } from './code-agents';
export type { CodeAgentInput } from './code-agents';
export {
  DECISIONS,
  TIERS,
  DEFAULT_POLICY,
  ALL_SERVERS,
  AGENT_NAME,
  AgentNameSchema,
  AgentPolicySchema,
  DecisionSchema,
} from './agent-schema';
export type { Agent, AgentClient, AgentInput, AgentPolicy, AgentUpdate, Decision, Tier, ToolOverrides } from './agent-schema';
export { CallApprovalQueue, DEFAULT_APPROVAL_TIMEOUT_MS } from './call-approval-queue';
export { refuseRemember } from './remember-refusal';
export type { ApprovalEvents, ApprovalOutcome, ApprovalReason, ApprovalRequest, DecidedApproval, PendingApproval } from './call-approval-queue';
export { AuditLog, AUDIT_DIR, AUDIT_FILE, DEFAULT_AUDIT_KEEP, DEFAULT_AUDIT_MAX_BYTES } from './audit-log';
export type { CountedWindows } from './audit-log';
export { REFUSALS_PER_WINDOW } from './audit-refusals';
export { AuditWindows, AUDIT_WINDOW_MS } from './audit-windows';
export type { AuditWindowsOptions } from './audit-windows';
export { AUDIT_OUTCOMES, AuditEntrySchema } from './audit-entry';
export type { AuditEntry, AuditOutcome, AuditQuery } from './audit-entry';
export { assumedTarget, configSnippet, snippetFile, SNIPPET_TARGETS, TOKEN_ENV, DEFAULT_STDIO_COMMAND } from './config-snippet';
export { entryName, entryTwin, inputId, refuseEntryTwin } from './client-entry-name';
export { AGENT_HEADER, clientEntry, describeConnectEntry, keepsTokenItself, tokenReference } from './client-entries';
export type { ClientEntry, PromptInput, TokenSource } from './client-entries';
export { headersHelper, shellLine, shellWord, stdioHelper } from './helper-command';
export type { SnippetOptions, SnippetTarget, StdioCommand } from './config-snippet';
export { toolTier, tierFromName } from './tool-tier';
export { judgeTool, serverAllowed } from './policy';
export { listingNowIn, searchAsAgentIn } from './agent-search';
export { keptPrefixIn } from './kept-prefix';
export type { ListingNow } from './agent-tools';
export type { AgentQuery, AgentSearchAnswer } from './agent-search';
export type { ToolVerdict } from './policy';
export { ERROR_META_KEY } from './agent-errors';
export { MCP_PATH, AUTH_REALM } from './http-guard';
export { checkBounds, nestsDeeper } from './input-bounds';
export { consentView } from './consent-view';
export { TOKEN_PREFIX, hashToken, newAgentToken } from './token';
export { runStdioShim } from './stdio-shim-lazy';
export type { StdioShimOptions } from './stdio-shim';
export { AgentAsksSchema, DEFAULT_AGENT_ASKS, asksOf } from './agent-schema';
export type { AgentAsks } from './agent-schema';
export { isAgentAsker, statelessAgentAsker } from './agent-asker';
export type { AgentAsker } from './agent-asker';
export { samplingForAgent } from './sampling-request';
export type { ForwardedMessage, ForwardedSampling } from './sampling-request';
export { lacksCapability } from './lacked-capability';
export { clientWithRoom, describeClient, prefixLength } from './client-names';
export { describeBoundSearched, describeListingNow, describeToolMode } from './tool-mode';
export { boundSearchedIn, listingBoundsIn, searchedOf } from './listing-scope';
export { vaultValueWarning, type ValueHolder } from './vault-value-warning';
