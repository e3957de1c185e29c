import type { GetPromptRequest, GetPromptResult, ReadResourceRequest, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { agentError, denied, rpcError, type AgentError } from './agent-errors';
import type { Agent } from './agent-schema';
import type { DecidedApproval } from './approval-queue';
import { recordable } from './audit-log';
import { record, type AuditDraft, type CallContext } from './call-context';
import { serverAllowed } from './policy';
import { notApproved, pausedError, type Extra } from './tool-call';

/** Which allowed server a URI belongs to: an exact listed URI first, then a matching template. */
async function serverOfUri(ctx: CallContext, agent: Readonly<Agent>, uri: string): Promise<string> {
  const view = await ctx.catalog.resources();
  let servers = (view.byUri.get(uri) ?? []).filter((s) => serverAllowed(agent, s));
  if (servers.length === 0) {
    servers = [...new Set(view.templates.filter((t) => serverAllowed(agent, t.server) && t.template?.match(uri)).map((t) => t.server))];
  }
  const [only] = servers;
  if (only !== undefined && servers.length === 1) return only;
  if (servers.length === 0) {
    throw new CodedError('not_found', redact(`no resource ${uri} among the services you may use`), { hint: 'call resources/list and resources/templates/list' });
  }
  throw new CodedError('invalid_input', redact(`${uri} is offered by several services (${servers.join(', ')})`), {
    hint: 'ask the person to allow only one of them for your agent',
  });
}

/**
 * Reading a resource or getting a prompt counts as a read: the agent's `read` policy applies
 * (allow, ask the person, or deny).
 */
async function guarded<T>(
  ctx: CallContext,
  agentName: string,
  draft: AuditDraft,
  extra: Extra,
  run: () => Promise<T>,
  resultForAudit: (value: T) => unknown,
): Promise<T> {
  const started = ctx.now();
  const fail = (error: AgentError, outcome: 'denied' | 'error' | 'cancelled', approval?: DecidedApproval): never => {
    record(ctx, started, { ...draft, outcome, errorCode: error.code }, approval);
    throw rpcError(error);
  };
  const agent = ctx.agents.peek(agentName);
  if (!agent) return fail(denied('your agent was removed', 'ask the person for a new agent token'), 'denied');
  if (ctx.paused()) return fail(pausedError(draft.server), 'denied');
  const decision = agent.policy.read;
  if (decision === 'deny') return fail(denied('your agent may not read from this service', 'ask the person to change your agent\'s policy', draft.server), 'denied');
  let approval: DecidedApproval | undefined;
  if (decision === 'ask') {
    approval = await ctx.approvals.request({ agent: agentName, server: draft.server, kind: draft.kind === 'prompt' ? 'prompt' : 'resource', tool: draft.tool, tier: 'read' }, extra.signal);
    if (approval.outcome !== 'allowed') return fail(notApproved(approval, draft.server), approval.reason === 'cancelled' ? 'cancelled' : 'denied', approval);
    if (ctx.paused()) return fail(pausedError(draft.server), 'denied', approval);
  }
  try {
    const value = await run();
    const done: AuditDraft = { ...draft, outcome: 'ok' };
    if (ctx.auditArguments()) done.result = recordable(resultForAudit(value));
    record(ctx, started, done, approval);
    return value;
  } catch (error) {
    return fail(agentError(error, draft.server), extra.signal.aborted ? 'cancelled' : 'error', approval);
  }
}

export async function readResource(ctx: CallContext, agentName: string, request: ReadResourceRequest, extra: Extra): Promise<ReadResourceResult> {
  const uri = request.params.uri;
  if (ctx.paused()) {
    record(ctx, ctx.now(), { agent: agentName, server: '', kind: 'resource', tool: uri, outcome: 'denied', errorCode: 'denied' });
    throw rpcError(pausedError());
  }
  const agent = ctx.agents.peek(agentName);
  let server: string;
  try {
    if (!agent) throw new CodedError('denied', 'your agent was removed');
    server = await serverOfUri(ctx, agent, uri);
  } catch (error) {
    const wire = agentError(error);
    record(ctx, ctx.now(), { agent: agentName, server: '', kind: 'resource', tool: uri, outcome: 'error', errorCode: wire.code });
    throw rpcError(wire);
  }
  const draft: AuditDraft = { agent: agentName, server, kind: 'resource', tool: uri, outcome: 'ok' };
  return guarded(ctx, agentName, draft, extra, async () => {
    const { contents } = await ctx.pool.readResource(server, uri, { signal: extra.signal });
    return { contents } as ReadResourceResult;
  }, (value) => value);
}

export async function getPrompt(ctx: CallContext, agentName: string, request: GetPromptRequest, extra: Extra): Promise<GetPromptResult> {
  const name = request.params.name;
  const agent = ctx.agents.peek(agentName);
  const entry = (await ctx.catalog.prompts()).get(name);
  if (!agent || !entry || !serverAllowed(agent, entry.server)) {
    record(ctx, ctx.now(), { agent: agentName, server: '', kind: 'prompt', tool: name, outcome: 'error', errorCode: 'not_found' });
    throw rpcError(agentError(new CodedError('not_found', redact(`unknown prompt "${name}"`), { hint: 'call prompts/list' })), -32602);
  }
  const draft: AuditDraft = { agent: agentName, server: entry.server, kind: 'prompt', tool: entry.info.name, outcome: 'ok' };
  if (ctx.auditArguments()) draft.arguments = recordable(request.params.arguments ?? {});
  return guarded(ctx, agentName, draft, extra, async () => {
    const result = await ctx.pool.getPrompt(entry.server, entry.info.name, request.params.arguments ?? {}, { signal: extra.signal });
    return result as GetPromptResult;
  }, (value) => value);
}
