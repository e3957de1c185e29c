import type { GetPromptRequest, GetPromptResult, ReadResourceRequest, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { agentError, rpcError } from './agent-errors';
import type { Agent } from './agent-schema';
import { withoutSecrets } from './agent-result';
import type { CallContext } from './call-context';
import { callCancellation } from './tool-call-lane';
import { passGate, type Extra, type Found, type GateResult } from './call-gate';
import { ARGUMENT_LIMITS, checkBounds, checkLength, MAX_CALL_NAME_LENGTH, MAX_URI_LENGTH } from './input-bounds';
import { serverAllowed } from './policy';

/** Which allowed server a URI belongs to: an exact listed URI first, then a matching template. */
async function serverOfUri(ctx: CallContext, agent: Readonly<Agent>, uri: string): Promise<string> {
  const view = await ctx.toolIndex.resources();
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
  const entry = (await ctx.toolIndex.prompts()).get(name);
  if (!entry || !serverAllowed(agent, entry.server)) {
    return { error: agentError(new CodedError('not_found', redact(`unknown prompt "${name}"`), { hint: 'call prompts/list' })) };
  }
  return { target: { server: entry.server, name: entry.info.name, tier: 'read', decision: agent.policy.read } };
}

/** Refused reads are JSON-RPC errors; an unknown prompt name is invalid params, as for tools. */
function unwrap<R>(result: GateResult<R>, kind: 'resource' | 'prompt'): R {
  if (result.ok) return withoutSecrets(result.value);
  const unknownName = kind === 'prompt' && result.step === 'lookup' && result.error.code === 'not_found';
  throw rpcError(result.error, unknownName ? -32602 : undefined);
}

export async function readResource(ctx: CallContext, agentName: string, request: ReadResourceRequest, extra: Extra): Promise<ReadResourceResult> {
  const uri = request.params.uri;
  const result = await passGate(
    ctx,
    {
      agent: agentName,
      kind: 'resource',
      asked: uri,
      check: () => checkLength(uri, 'the resource URI', MAX_URI_LENGTH),
      find: (agent) => findResource(ctx, agent, uri),
      run: async (target, cancel): Promise<ReadResourceResult> => {
        const { contents } = await ctx.pool.readResource(target.server, uri, { signal: cancel });
        return { contents } as ReadResourceResult;
      },
    },
    callCancellation(extra),
  );
  return unwrap(result, 'resource');
}

export async function getPrompt(ctx: CallContext, agentName: string, request: GetPromptRequest, extra: Extra): Promise<GetPromptResult> {
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
      run: async (target, cancel) => (await ctx.pool.getPrompt(target.server, target.name, args, { signal: cancel })) as GetPromptResult,
    },
    callCancellation(extra),
  );
  return unwrap(result, 'prompt');
}
