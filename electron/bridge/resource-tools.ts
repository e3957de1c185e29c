import type { CallToolResult, ContentBlock, GetPromptResult, ReadResourceResult, Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { lazySchema } from '../../shared/api';
import { agentError, denied, errorResult, RpcError } from './agent-errors';
import { agentNames, RESOURCE_TOOL_NAMES } from './agent-names';
import type { Agent } from './agent-schema';
import type { CallContext } from './call-context';
import type { Extra } from './call-gate';
import type { CallAsker } from '../pool';
import { serverAllowed } from './policy';
import { ownToolArgs, unknownService } from './own-tool-args';
import { getPrompt, readResource } from './read-calls';

/**
 * Resources and prompts as tools, for agent hosts that use tools only (issue #33): offered to an
 * agent with `resourceTools`. Each is the MCP method it stands for, through the same code:
 * read_resource is resources/read and get_prompt is prompts/get (read-calls.ts: the gate, the read
 * tier, the person's approval, the audit); list_resources answers from the cached listings as
 * resources/list, resources/templates/list and prompts/list do, so it is not audited either.
 */
export type ResourceToolName = (typeof RESOURCE_TOOL_NAMES)[number];

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true } as const;

const TOOLS: readonly Tool[] = [
  {
    name: 'list_resources',
    title: 'List resources and prompts',
    description:
      'Lists the resources, resource templates and prompts of the services you may use in Connected Services (of one service with `server`). ' +
      'Read a resource with read_resource (a template: fill in its URI), get a prompt with get_prompt.',
    inputSchema: { type: 'object', properties: { server: { type: 'string', description: 'only this service' } }, additionalProperties: false },
    annotations: READ_ONLY,
  },
  {
    name: 'read_resource',
    title: 'Read a resource',
    description: 'Reads a resource of a service in Connected Services by its URI (from list_resources). Some reads wait for the person to approve them.',
    inputSchema: { type: 'object', properties: { uri: { type: 'string', description: 'the resource URI' } }, required: ['uri'], additionalProperties: false },
    annotations: READ_ONLY,
  },
  {
    name: 'get_prompt',
    title: 'Get a prompt',
    description: 'Gets a prompt of a service in Connected Services by its name (from list_resources), with its arguments. Some wait for the person to approve them.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'the prompt name, as list_resources gives it' },
        arguments: { type: 'object', additionalProperties: { type: 'string' }, description: 'the prompt arguments, each a string' },
      },
      required: ['name'],
      additionalProperties: false,
    },
    annotations: READ_ONLY,
  },
];

/** The tools added to an agent's listing; none while its read tier is `deny`, as none of them could answer. */
export function resourceTools(agent: Readonly<Agent>): readonly Tool[] {
  return agent.resourceTools === true && agent.policy.read !== 'deny' ? TOOLS : [];
}

/** Whether a tools/call of this agent is one of these tools (checked before any server's tool). */
export function isResourceTool(agent: Readonly<Agent>, name: string): name is ResourceToolName {
  return agent.resourceTools === true && (RESOURCE_TOOL_NAMES as readonly string[]).includes(name);
}

// Built at an agent's first call of them, not at `serve`'s start.
const ListArgs = lazySchema(() => z.strictObject({ server: z.string().min(1).max(200).optional() }));
const ReadArgs = lazySchema(() => z.strictObject({ uri: z.string() }));
const PromptArgs = lazySchema(() => z.strictObject({ name: z.string(), arguments: z.record(z.string(), z.string()).optional() }));


function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

function listResources(ctx: CallContext, agent: Readonly<Agent>, server: string | undefined): Promise<CallToolResult> {
  if (agent.policy.read === 'deny') {
    return Promise.resolve(errorResult(denied('your agent may not read from services', "ask the person to change your agent's policy in Connected Services")));
  }
  if (server !== undefined && !serverAllowed(agent, server)) {
    return Promise.resolve(unknownService(ctx, agent.name, 'list_resources', server, 'call list_resources without a server'));
  }
  const mine = (of: string): boolean => serverAllowed(agent, of) && (server === undefined || of === server);
  return (async () => {
    const [view, prompts] = await Promise.all([ctx.toolIndex.resources(), ctx.toolIndex.prompts()]);
    const names = agentNames(prompts, agent);
    return text(
      JSON.stringify(
        {
          resources: view.resources.filter((r) => mine(r.server)).map((r) => r.listed),
          resourceTemplates: view.templates.filter((t) => mine(t.server)).map((t) => t.listed),
          prompts: [...prompts].filter(([, p]) => mine(p.server)).map(([bridge, p]) => ({ ...p.listed, name: names.shown(bridge) })),
        },
        null,
        2,
      ),
    );
  })();
}

/** A resource's contents as tool content: text as text, an image as an image, other bytes embedded. */
function resourceContent(result: ReadResourceResult): CallToolResult {
  const content: ContentBlock[] = result.contents.map((item) => {
    if ('text' in item) return { type: 'text', text: item.text };
    if (item.mimeType?.startsWith('image/') === true) return { type: 'image', data: item.blob, mimeType: item.mimeType };
    return { type: 'resource', resource: { uri: item.uri, blob: item.blob, ...(item.mimeType !== undefined ? { mimeType: item.mimeType } : {}) } };
  });
  return { content };
}

/** A prompt's messages as tool content, each text saying whose turn it is. */
function promptContent(result: GetPromptResult): CallToolResult {
  const content: ContentBlock[] = result.description === undefined ? [] : [{ type: 'text', text: `Prompt: ${result.description}` }];
  for (const message of result.messages) {
    content.push(message.content.type === 'text' ? { type: 'text', text: `[${message.role}] ${message.content.text}` } : message.content);
  }
  return { content };
}

/** A refused or failed read is a result the model reads (isError), as a refused tool call is. */
async function asToolResult<R>(read: () => Promise<R>, shape: (value: R) => CallToolResult): Promise<CallToolResult> {
  try {
    return shape(await read());
  } catch (error) {
    return errorResult(error instanceof RpcError ? error.data : agentError(error));
  }
}

export async function callResourceTool(
  ctx: CallContext,
  agent: Readonly<Agent>,
  name: ResourceToolName,
  args: Record<string, unknown>,
  extra: Extra,
  /** The tools/call's asker: a server's requests during the read or prompt go where the call's would. */
  asker?: CallAsker,
): Promise<CallToolResult> {
  if (name === 'list_resources') {
    const own = ownToolArgs(ListArgs, args, name);
    return own.ok ? listResources(ctx, agent, own.args.server) : own.result;
  }
  if (name === 'read_resource') {
    const own = ownToolArgs(ReadArgs, args, name);
    if (!own.ok) return own.result;
    return asToolResult(() => readResource(ctx, agent.name, { method: 'resources/read', params: { uri: own.args.uri } }, extra, asker), resourceContent);
  }
  const own = ownToolArgs(PromptArgs, args, name);
  if (!own.ok) return own.result;
  const { name: prompt, arguments: promptArgs } = own.args;
  const params = promptArgs === undefined ? { name: prompt } : { name: prompt, arguments: promptArgs };
  return asToolResult(() => getPrompt(ctx, agent.name, { method: 'prompts/get', params }, extra, asker), promptContent);
}
