import type { CoreEnv } from '../../shared/core-env';
import { redact } from '../../shared/redact';
import type { Pool } from '../pool';
import type { AgentStore } from './agent-store';
import type { CallApprovalQueue, DecidedApproval } from './call-approval-queue';
import type { ResourceSubscriptions } from './resource-subscriptions';
import type { AuditEntry } from './audit-entry';
import type { AuditLog } from './audit-log';
import { shortRefusedName } from './audit-refusals';
import type { ToolIndex } from './tool-index';
import type { WithheldResource } from './withheld-resources';

/** What a session's request handlers need of the bridge: its parts, and the clock and (redacting) log of its CoreEnv. */
export interface CallContext extends Pick<CoreEnv, 'now' | 'log'> {
  pool: Pool;
  toolIndex: ToolIndex;
  agents: AgentStore;
  approvals: CallApprovalQueue;
  audit: AuditLog;
  /** Whether the person turned on recording of arguments and results (asked at each call). */
  auditArguments: () => boolean;
  paused: () => boolean;
  /** The bridge is stopping: a call it cancels now was ended by the stop, not by a timeout or the agent. */
  closing?: () => boolean;
  /** Agents' resource subscriptions, by session. */
  subscriptions: ResourceSubscriptions;
  /** Resources a server lists that the person has not approved (withheld-resources.ts). */
  withheldResource?: WithheldResource | undefined;
}

export type AuditDraft = Omit<AuditEntry, 'durationMs' | 'time'>;

/** Appends one audit entry for a call that started at `started`: the draft, completed in place, is the entry (no copy per call). */
export function record(ctx: CallContext, started: number, draft: AuditDraft, approval?: DecidedApproval, agentAlone = false): void {
  const entry = draft as AuditDraft & Partial<Pick<AuditEntry, 'time' | 'durationMs'>>;
  // Names and URIs come from the agent and may carry a secret (a token in a query string).
  entry.server = redact(draft.server);
  entry.tool = redact(draft.server === '' ? shortRefusedName(draft.tool) : draft.tool);
  entry.time = started;
  entry.durationMs = Math.max(0, ctx.now() - started);
  if (approval !== undefined) entry.approval = approval.reason;
  if (agentAlone) ctx.audit.appendRefusal(entry as AuditEntry);
  else ctx.audit.append(entry as AuditEntry);
}
