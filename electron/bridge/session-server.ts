import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { loadSdkTypes } from './server-sdk';
import { answerInvalidParams } from './invalid-params';
import type { CallContext } from './call-context';
import { handleSetLevel } from './log-forwarding';
import { complete, getPrompt, readResource } from './read-calls';
import { sessionSubscriber, subscribeUri, unsubscribe } from './resource-subscribe';
import { callTool } from './tool-call';
import { agentAsker } from './agent-asker';
import { listPrompts, listResources, listResourceTemplates, listTools, declaresApps } from './agent-listings';
import { appsExtensions } from './apps-advertised';
import { lazySchemaValidator } from './lazy-schema-validator';
import { onToolCall } from '../mcp-wire';

const INSTRUCTIONS =
  'Tools, resources and prompts of the services the person connected in Connected Services. ' +
  'Names are <service>__<name>. Some calls wait for the person to approve them; a refused call says why.';
const PLAIN_INSTRUCTIONS =
  'Tools, resources and prompts of the services the person connected in Connected Services. ' +
  "Each has its service's own name, or <service>__<name> where two services offer the same one; a description starts with its [service]. " +
  'Some calls wait for the person to approve them; a refused call says why.';

/** What an agent is told of the bridge (initialize, server/discover). */
export function agentInstructions(ctx: CallContext, agentName: string): string {
  return ctx.agents.peek(agentName)?.names === 'plain' ? PLAIN_INSTRUCTIONS : INSTRUCTIONS;
}

/**
 * The MCP server of one agent session: every answer is computed for that agent only. The SDK's
 * server module and types.js load with the first session (importing them costs ~80 ms of start-up).
 */
export async function createSessionServer(ctx: CallContext, agentName: string, version: string): Promise<Server> {
  const [{ Server }, { Protocol }, { AjvJsonSchemaValidator }, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/shared/protocol.js'),
    import('@modelcontextprotocol/sdk/validation/ajv'),
    loadSdkTypes(),
  ]);
  const {
    CallToolRequestSchema,
    CompleteRequestSchema,
    GetPromptRequestSchema,
    ListPromptsRequestSchema,
    ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema,
    ListToolsRequestSchema,
    ReadResourceRequestSchema,
    SubscribeRequestSchema,
    UnsubscribeRequestSchema,
  } = types;
  const extensions = await appsExtensions(ctx, agentName);
  const server = new Server(
    { name: 'connected-services', version },
    {
      capabilities: { tools: { listChanged: true }, resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, logging: {}, completions: {}, ...(extensions ? { extensions } : {}) },
      instructions: agentInstructions(ctx, agentName),
      jsonSchemaValidator: lazySchemaValidator(() => new AjvJsonSchemaValidator()),
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => listTools(ctx, agentName, declaresApps(server.getClientCapabilities())));
  onToolCall(server, Protocol, CallToolRequestSchema, (request, extra) =>
    callTool(ctx, agentName, request, extra, agentAsker(server, agentName, extra.requestId, ctx.agents), declaresApps(server.getClientCapabilities())),
  );
  handleSetLevel(server, types);

  server.setRequestHandler(ListResourcesRequestSchema, () => listResources(ctx, agentName));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => listResourceTemplates(ctx, agentName));
  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) => readResource(ctx, agentName, request, extra));
  server.setRequestHandler(SubscribeRequestSchema, async (request, extra) => {
    await subscribeUri(ctx, agentName, sessionSubscriber(server), request.params.uri, extra);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => unsubscribe(ctx, server, request));
  // A closed session gives back every subscription it held (the endpoint chains its own onclose after this).
  server.onclose = () => void ctx.subscriptions.drop(server).catch((error: unknown) => ctx.log(`ending a session's subscriptions failed: ${String(error)}`));

  server.setRequestHandler(ListPromptsRequestSchema, () => listPrompts(ctx, agentName));
  server.setRequestHandler(GetPromptRequestSchema, (request, extra) => getPrompt(ctx, agentName, request, extra));
  server.setRequestHandler(CompleteRequestSchema, (request, extra) => complete(ctx, agentName, request, extra));
  answerInvalidParams(server);
  return server;
}
