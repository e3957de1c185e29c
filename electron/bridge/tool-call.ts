import type { CallToolRequest, CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { agentError, denied, errorResult, redactedToolError, rpcError, type AgentError } from './agent-errors';
import type { Agent } from './agent-schema';
import type { ApprovalRequest, DecidedApproval } from './approval-queue';
import { recordable } from './audit-log';
import { record, type AuditDraft, type CallContext } from './call-context';
import { judgeTool } from './policy';
import { lookupTool } from './tool-lookup';

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const RESUME = 'ask the person to resume it in Connected Services';

export function pausedError(server?: string): AgentError {
  return denied('the person paused the bridge: no calls go through', RESUME, server);
}

/** The person said no (or did not answer): the agent learns why, not more. */
export function notApproved(decided: DecidedApproval, server: string): AgentError {
  const seconds = Math.round((decided.expiresAt - decided.requestedAt) / 1000);
  const ask = 'ask the person to approve it in Connected Services, or to allow this tool for your agent';
  switch (decided.reason) {
    case 'timeout':
      return denied(`nobody approved the call within ${seconds} s`, ask, server);
    case 'closed':
      return denied('the bridge stopped before the call was approved', ask, server);
    case 'paused':
      return pausedError(server);
    case 'flood':
      return agentError(new CodedError('rate_limited', 'too many of your calls are already waiting for the person', { hint: 'wait for those to be decided before asking again' }), server);
    default:
      return denied('the person denied the call', ask, server);
  }
}

/** `progressToken` of the agent's request → upstream onProgress → notifications/progress back to the agent. */
function progressRelay(request: CallToolRequest, extra: Extra): ((p: { progress: number; total?: number; message?: string }) => void) | undefined {
  const progressToken = request.params._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  return (p) => {
    void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, ...p } }).catch(() => undefined);
  };
}

/**
 * tools/call: name → (server, tool), allowlist and tier policy, the person's approval when the policy
 * asks, then the pool (lazy start, timeout, cancellation via the agent's own abort signal).
 */
export async function callTool(ctx: CallContext, agentName: string, request: CallToolRequest, extra: Extra): Promise<CallToolResult> {
  const started = ctx.now();
  const name = request.params.name;
  const args = request.params.arguments ?? {};
  const draft = (server: string, tool: string): AuditDraft => {
    const d: AuditDraft = { agent: agentName, server, kind: 'tool', tool, outcome: 'ok' };
    if (ctx.auditArguments()) d.arguments = recordable(args);
    return d;
  };
  // Before the lookup: a paused bridge starts nothing, not even a server to find a name.
  if (ctx.paused()) {
    record(ctx, started, { ...draft('', name), outcome: 'denied', errorCode: 'denied' });
    return errorResult(pausedError());
  }
  const agent: Readonly<Agent> | undefined = ctx.agents.peek(agentName);
  const found = agent ? await lookupTool(ctx, agent, name) : undefined;
  if (found && 'error' in found) {
    record(ctx, started, { ...draft(found.error.server ?? '', name), outcome: 'error', errorCode: found.error.code });
    return errorResult(found.error);
  }
  if (!agent || !found) {
    // Tools of servers the agent may not use are reported exactly like tools that do not exist.
    record(ctx, started, { ...draft('', name), outcome: 'error', errorCode: 'not_found' });
    throw rpcError(agentError(new CodedError('not_found', redact(`unknown tool "${name}"`), { hint: 'call tools/list for the tools you may use' })), -32602);
  }
  const { server, info } = found.entry;
  const base = draft(server, info.name);
  const verdict = judgeTool(agent, server, info, found.entry.tier);
  if (!verdict || verdict.decision === 'deny') {
    record(ctx, started, { ...base, outcome: 'denied', errorCode: 'denied' });
    return errorResult(denied(`your agent may not call "${info.name}" of "${server}"`, 'ask the person to change your agent\'s policy in Connected Services', server));
  }
  let approval: DecidedApproval | undefined;
  if (verdict.decision === 'ask') {
    const ask: ApprovalRequest = { agent: agentName, server, kind: 'tool', tool: info.name, tier: verdict.tier };
    if (ctx.auditArguments()) ask.arguments = recordable(args) as Record<string, unknown>;
    approval = await ctx.approvals.request(ask, extra.signal);
    if (approval.outcome !== 'allowed') {
      const cancelled = approval.reason === 'cancelled';
      const why = notApproved(approval, server);
      record(ctx, started, { ...base, outcome: cancelled ? 'cancelled' : 'denied', errorCode: cancelled ? 'timeout' : why.code }, approval);
      return errorResult(why);
    }
    // Paused while the call waited (an allow may race the pause).
    if (ctx.paused()) {
      record(ctx, started, { ...base, outcome: 'denied', errorCode: 'denied' }, approval);
      return errorResult(pausedError(server));
    }
  }
  const options: { signal: AbortSignal; onProgress?: (p: { progress: number; total?: number; message?: string }) => void } = { signal: extra.signal };
  const onProgress = progressRelay(request, extra);
  if (onProgress) options.onProgress = onProgress;
  try {
    const result = await ctx.pool.callTool(server, info.name, args, options);
    const failed = result.isError === true;
    const done: AuditDraft = { ...base, outcome: failed ? 'tool_error' : 'ok' };
    if (ctx.auditArguments()) done.result = recordable(result);
    record(ctx, started, done, approval);
    return (failed ? redactedToolError(result) : result) as CallToolResult;
  } catch (error) {
    const wire = agentError(error, server);
    const cancelled = extra.signal.aborted;
    record(ctx, started, { ...base, outcome: cancelled ? 'cancelled' : 'error', errorCode: wire.code }, approval);
    return errorResult(wire);
  }
}
