import { z } from 'zod';
import { AuditEntrySchema, BridgeInfoSchema, DeviceLoginSchema, PendingApprovalSchema } from './bridge-views';
import { AskSettledSchema, PendingAskSchema } from './ask-views';
import { AdminEntrySchema, ConfirmationOutcomeSchema, ConfirmationSchema } from './admin-views';
import { ConfigIssueSchema, ServerStatusSchema } from './views';
import { LogLineSchema } from './inspect-views';
import { lazyEntries } from './lazy-entries';
import { RegistryStateSchema } from './registry-views';
import { SignInProgressSchema } from './sign-in-views';
import { DecisionRecordSchema, DecisionSchema } from './decision-views';
import { SERVER_METHODS } from './server-methods';
import { SIGN_IN_METHODS } from './sign-in-methods';
import { INSPECT_METHODS } from './inspect-methods';
import { SECRET_METHODS } from './secret-methods';
import { AGENT_METHODS } from './agent-methods';
import { ADMIN_METHODS } from './admin-methods';
import { ASK_METHODS } from './ask-methods';
import { SERVER_EDIT_METHODS } from './server-edit-methods';
import { REGISTRY_METHODS } from './registry-methods';
import { DECISION_METHODS } from './decision-methods';
import { SETTINGS_METHODS } from './settings-methods';

export { StatusSchema } from './server-methods';

/**
 * The App API: every call the UI (and the CLI through `serve`) makes of the core.
 * Each method has a request schema that every transport parses, and a result schema.
 */
export const API_METHODS = lazyEntries({
  ...SERVER_METHODS,
  ...SIGN_IN_METHODS,
  ...INSPECT_METHODS,
  ...SECRET_METHODS,
  ...AGENT_METHODS,
  ...ADMIN_METHODS,
  ...ASK_METHODS,
  ...SERVER_EDIT_METHODS,
  ...REGISTRY_METHODS,
  ...DECISION_METHODS,
  ...SETTINGS_METHODS,
});

export type ApiMethods = typeof API_METHODS;
export type ApiMethod = keyof ApiMethods;
export type ApiInput<M extends ApiMethod> = z.input<ApiMethods[M]['input']>;
export type ApiOutput<M extends ApiMethod> = z.infer<ApiMethods[M]['output']>;

/** Everything the core pushes to the UI. */
export const API_EVENTS = lazyEntries({
  serverState: () => ServerStatusSchema,
  /** `removed`: the server is no longer configured, so asking it for its tools would be not_found. */
  inventoryChanged: () => z.object({ server: z.string(), removed: z.literal(true).optional() }),
  /** New lines of a server's kept log (see `readLogs`), in order. */
  serverLog: () => z.object({ server: z.string(), lines: z.array(LogLineSchema) }),
  configIssues: () => z.object({ issues: z.array(ConfigIssueSchema) }),
  deviceLogin: () => DeviceLoginSchema,
  signIn: () => SignInProgressSchema,
  /** @deprecated kept for one release; use `decisionAdded` (kind `call`). */
  approvalPending: () => PendingApprovalSchema,
  /** @deprecated kept for one release; use `decisionSettled` (kind `call`). */
  approvalDecided: () => z.object({ id: z.string(), decision: z.enum(['allow', 'deny', 'timeout']) }),
  auditEntry: () => AuditEntrySchema,
  agentsChanged: () => z.object({}),
  /** mcp.json's `settings` changed: here, in another window, or in the file itself (the answer times, say). */
  settingsChanged: () => z.object({}),
  bridgeChanged: () => BridgeInfoSchema,
  callProgress: () => z.object({
    callId: z.string(),
    progress: z.number(),
    total: z.number().optional(),
    message: z.string().optional(),
  }),
  /** @deprecated kept for one release; use `decisionAdded` (kind `confirmation`). */
  confirmationPending: () => ConfirmationSchema,
  /** @deprecated kept for one release; use `decisionSettled` (kind `confirmation`). */
  confirmationDecided: () => z.object({ id: z.string(), outcome: ConfirmationOutcomeSchema }),
  adminEntry: () => AdminEntrySchema,
  /** @deprecated kept for one release; use `decisionAdded` (kind `ask`). */
  askPending: () => PendingAskSchema,
  /** @deprecated kept for one release; use `decisionSettled` (kind `ask`). */
  askSettled: () => AskSettledSchema,
  /** A registry sync progressed, ended or failed: every registry's state. */
  registryState: () => z.object({ registries: z.array(RegistryStateSchema) }),
  /** What waits for review of a server's tools and prompts changed (see `listHeldChanges`). */
  heldChanged: () => z.object({ server: z.string() }),
  /** A decision waits for the person (any kind). */
  decisionAdded: () => DecisionSchema,
  /** It was settled: its audit record (who, what, kind, outcome, when). */
  decisionSettled: () => DecisionRecordSchema,
  /** The desktop app closed an open MCP App itself (its renderer passed the memory bound); `message` says so. */
  appClosed: () => z.object({ appId: z.string(), reason: z.enum(['memory']), message: z.string() }),
});

export type ApiEvents = typeof API_EVENTS;
export type ApiEvent = keyof ApiEvents;
export type ApiEventPayload<E extends ApiEvent> = z.infer<ApiEvents[E]>;

/** The core as the UI sees it: one async function per method, plus event subscription. */
export type AppApi = {
  [M in ApiMethod]: (input: ApiInput<M>) => Promise<ApiOutput<M>>;
} & {
  on<E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void): () => void;
};

export function isApiMethod(name: string): name is ApiMethod {
  return Object.prototype.hasOwnProperty.call(API_METHODS, name);
}
