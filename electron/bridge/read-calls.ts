import type { CompleteRequest, CompleteResult, GetPromptRequest, GetPromptResult, ReadResourceRequest, ReadResourceResult } from '@modelcontextprotocol/server';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { templatesMatching } from '../pool';
import { agentError, rpcError } from './agent-errors';
import { agentNames } from './agent-names';
import type { Agent } from './agent-schema';
import { withoutSecrets } from './agent-result';
import type { CallContext } from './call-context';
import { callCancellation } from './tool-call-lane';
import { passGate, type Extra, type Found, type GateResult } from './call-gate';
import { ARGUMENT_LIMITS, checkBounds, checkLength, MAX_CALL_NAME_LENGTH, MAX_URI_LENGTH } from './input-bounds';
import { serverAllowed } from './policy';
import { fromBridgeAddress } from '../mcp-apps';
import type { CallAsker } from '../pool';
import { logOption } from './log-forwarding';
import { refuseWithheld } from './withheld-resources';
import { unknownName, unknownNameError } from './unknown-names';

/** How much of a URI a template names before its first expression (RFC 6570 §2). */
function fixedPrefix(template: string): number {
  const at = template.indexOf('{');
  return at === -1 ? template.length : at;
}

/** Which allowed server a URI belongs to: an exact listed URI first, then the matching template that names most of it. */
export async function serverOfUri(ctx: CallContext, agent: Readonly<Agent>, uri: string): Promise<string> {
  // An app's address names its server (SEP-1865 resources, rewritten by the bridge), listed or not.
  const app = fromBridgeAddress(uri);
  if (app !== undefined && serverAllowed(agent, app.server)) {
    // An app's document is a resource like any other: one held for review or refused is not read.
    await refuseWithheld(ctx.withheldResource, [app.server], app.uri);
    return app.server;
  }
  const view = await ctx.toolIndex.resources();
  let servers = (view.byUri.get(uri) ?? []).filter((s) => serverAllowed(agent, s));
  if (servers.length === 0) {
    // Matched in the checking thread, within its budget: a server's template could backtrack for minutes.
    const candidates = view.templates.filter((t) => serverAllowed(agent, t.server) && t.template !== undefined);
    const here = (text: string) => (candidates.find((t) => t.listed.uriTemplate === text)?.template?.match(uri) ?? null) !== null;
    const matched = templatesMatching(candidates.map((t) => t.listed.uriTemplate), uri, here).flatMap((i) => candidates[i] ?? []);
    // The template that names most of the URI before its first expression: `{+any}` must not shadow `g://{id}`.
    const most = Math.max(...matched.map((t) => fixedPrefix(t.listed.uriTemplate)));
    servers = [...new Set(matched.filter((t) => fixedPrefix(t.listed.uriTemplate) === most).map((t) => t.server))];
    // Not listed as approved: a resource held for review (or refused) is not read through a template that
    // matches it; one no template matches is told as held, not as unknown.
    const holders = servers.length > 0 ? servers : ctx.toolIndex.servers().filter((s) => serverAllowed(agent, s));
    await refuseWithheld(ctx.withheldResource, holders, uri);
  }
  const [only] = servers;
  if (only !== undefined && servers.length === 1) return only;
  if (servers.length === 0) {
    throw unknownNameError('resource', uri);
  }
  throw new CodedError('invalid_input', `that resource URI is offered by several services (${servers.join(', ')})`, {
    hint: 'ask the person to allow only one of them for your agent',
  });
}

/** Reads count as reads: the agent's `read` policy applies (allow, ask the person, or deny). */
async function findResource(ctx: CallContext, agent: Readonly<Agent>, uri: string): Promise<Found> {
  try {
    const server = await serverOfUri(ctx, agent, uri);
    return { target: { server, name: uri, tier: 'read', decision: agent.policy.read } };
  } catch (error) {
    return { error: agentError(error) };
  }
}

async function findPrompt(ctx: CallContext, agent: Readonly<Agent>, name: string): Promise<Found> {
  const prompts = await ctx.toolIndex.prompts();
  const entry = prompts.get(agentNames(prompts, agent).bridgeOf(name));
  if (!entry || !serverAllowed(agent, entry.server)) {
    return { error: unknownName('prompt', name) };
  }
  return { target: { server: entry.server, name: entry.info.name, tier: 'read', decision: agent.policy.read } };
}

/** Refused reads are JSON-RPC errors; an unknown prompt name is invalid params, as for tools. */
function unwrap<R>(result: GateResult<R>, kind: 'resource' | 'prompt'): R {
  if (result.ok) return withoutSecrets(result.value);
  const unknownName = kind === 'prompt' && result.step === 'lookup' && result.error.code === 'not_found';
  throw rpcError(result.error, unknownName ? -32602 : undefined);
}

/**
 * `asker`: who the server's requests during the read go to, the agent's as for its tools/call (a legacy
 * session's requests, session-server.ts; a 2026-07-28 agent's rounds, modern-read-calls.ts).
 */
export async function readResource(ctx: CallContext, agentName: string, request: ReadResourceRequest, extra: Extra, asker?: CallAsker): Promise<ReadResourceResult> {
  const uri = request.params.uri;
  const result = await passGate(
    ctx,
    {
      agent: agentName,
      kind: 'resource',
      asked: uri,
      sendsAsked: true,
      check: () => checkLength(uri, 'the resource URI', MAX_URI_LENGTH),
      find: (agent) => findResource(ctx, agent, uri),
      unknown: () => unknownName('resource', uri),
      run: async (target, cancel): Promise<ReadResourceResult> => {
        // The server reads its own address; the agent gets back the one it asked for.
        const own = fromBridgeAddress(uri)?.uri ?? uri;
        const { contents } = await ctx.pool.readResource(target.server, own, { signal: cancel, ...(asker ? { asker } : {}), ...logOption(target.server, extra) });
        const shown = own === uri ? contents : contents.map((item) => (item['uri'] === own ? { ...item, uri } : item));
        return { contents: shown } as ReadResourceResult;
      },
      ...(asker ? { asker } : {}),
    },
    callCancellation(extra),
    extra,
  );
  return unwrap(result, 'resource');
}

export async function getPrompt(ctx: CallContext, agentName: string, request: GetPromptRequest, extra: Extra, asker?: CallAsker): Promise<GetPromptResult> {
  const name = request.params.name;
  const args = request.params.arguments ?? {};
  const result = await passGate(
    ctx,
    {
      agent: agentName,
      kind: 'prompt',
      asked: name,
      args,
      check: () => checkLength(name, 'the prompt name', MAX_CALL_NAME_LENGTH) ?? checkBounds(args, 'prompt arguments', ARGUMENT_LIMITS),
      find: (agent) => findPrompt(ctx, agent, name),
      unknown: () => unknownName('prompt', name),
      run: async (target, cancel) => (await ctx.pool.getPrompt(target.server, target.name, args, { signal: cancel, ...(asker ? { asker } : {}), ...logOption(target.server, extra) })) as GetPromptResult,
      ...(asker ? { asker } : {}),
    },
    callCancellation(extra),
    extra,
  );
  return unwrap(result, 'prompt');
}

/**
 * Which server a completion's reference names: a prompt by its bridge name, a resource template by
 * its URI template as listed (MCP 2025-11-25 server/utilities/completion). A completion reveals the
 * server's data as a read does, but one comes per keystroke: it is answered only where the agent
 * may read without asking the person, never queued for approval.
 */
async function findCompletion(ctx: CallContext, agent: Readonly<Agent>, ref: CompleteRequest['params']['ref']): Promise<Found> {
  let found: Found;
  if (ref.type === 'ref/prompt') found = await findPrompt(ctx, agent, ref.name);
  else {
    const view = await ctx.toolIndex.resources();
    const servers = [...new Set(view.templates.filter((t) => serverAllowed(agent, t.server) && t.listed.uriTemplate === ref.uri).map((t) => t.server))];
    const [only] = servers;
    if (only === undefined) return { error: unknownName('template', ref.uri) };
    if (servers.length > 1) {
      return { error: agentError(new CodedError('invalid_input', `that resource template is offered by several services (${servers.join(', ')})`, { hint: 'ask the person to allow only one of them for your agent' })) };
    }
    found = { target: { server: only, name: ref.uri, tier: 'read', decision: agent.policy.read } };
  }
  if ('target' in found && found.target.decision === 'ask') {
    return {
      error: agentError(
        new CodedError('denied', redact(`completions of "${found.target.server}" are offered only where your agent may read without asking the person`), {
          hint: "ask the person to set your agent's read tier to allow",
        }),
        found.target.server,
      ),
    };
  }
  return found;
}

export async function complete(ctx: CallContext, agentName: string, request: CompleteRequest, extra: Extra): Promise<CompleteResult> {
  const { ref, argument, context } = request.params;
  const asked = ref.type === 'ref/prompt' ? ref.name : ref.uri;
  // Checked, held and audited exactly as forwarded: a context key named as the argument hides nothing.
  const args: Record<string, unknown> = { argument, ...(context?.arguments ? { context: context.arguments } : {}) };
  const result = await passGate(
    ctx,
    {
      agent: agentName,
      kind: ref.type === 'ref/prompt' ? 'prompt' : 'resource',
      asked,
      args,
      check: () =>
        checkLength(asked, ref.type === 'ref/prompt' ? 'the prompt name' : 'the resource template', ref.type === 'ref/prompt' ? MAX_CALL_NAME_LENGTH : MAX_URI_LENGTH) ??
        checkBounds(args, 'completion arguments', ARGUMENT_LIMITS),
      find: (agent) => findCompletion(ctx, agent, ref),
      unknown: () => (ref.type === 'ref/prompt' ? unknownName('prompt', ref.name) : unknownName('template', ref.uri)),
      run: async (target, cancel) => {
        const upstreamRef = ref.type === 'ref/prompt' ? { type: 'ref/prompt' as const, name: target.name } : { type: 'ref/resource' as const, uri: target.name };
        return (await ctx.pool.complete(target.server, { ref: upstreamRef, argument, ...(context?.arguments ? { context: { arguments: context.arguments } } : {}) }, { signal: cancel, ...logOption(target.server, extra) }));
      },
    },
    callCancellation(extra),
    extra,
  );
  return unwrap(result, ref.type === 'ref/prompt' ? 'prompt' : 'resource');
}
