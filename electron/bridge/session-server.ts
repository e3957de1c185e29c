import type { Server, ServerContext } from '@modelcontextprotocol/server';
import { loadSdkTypes } from './server-sdk';
import { invalidParamsOf } from './invalid-params';
import { refuseCursor } from './listing-cursor';
import type { CallContext } from './call-context';
import { sessionLevel, setLevel } from './log-forwarding';
import { complete, getPrompt, readResource } from './read-calls';
import { sessionSubscriber, subscribeUri, unsubscribe } from './resource-subscribe';
import { callTool } from './tool-call';
import { agentAsker } from './agent-asker';
import { listPrompts, listResources, listResourceTemplates, listTools, declaresApps } from './agent-listings';
import { appsExtensions } from './apps-advertised';
import { lazySchemaValidator } from './lazy-schema-validator';
import { onParsedRequest, type RequestSchema } from '../mcp-wire';
import { requestIdOf, sessionExtra as laneExtra } from './tool-call-lane';
import { agentText, logProtocolError } from './agent-log';

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
 * The MCP server of one agent session (a legacy, 2025-era client: `initialize`, `Mcp-Session-Id`),
 * SDK v2's `Server`: every answer is computed for that agent only. The SDK loads with the first
 * session (importing it costs start-up time). Handlers are registered through the seam
 * (mcp-wire `onParsedRequest`): each request parsed once, a schema error answered -32602 naming the
 * field (JSON-RPC 2.0 §5.1), not -32603 with the schema library's dump.
 */
export async function createSessionServer(ctx: CallContext, agentName: string, version: string): Promise<Server> {
  const types = await loadSdkTypes();
  const extensions = await appsExtensions(ctx, agentName);
  const server = new types.Server(
    { name: 'connected-services', version },
    {
      capabilities: { tools: { listChanged: true }, resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, logging: {}, completions: {}, ...(extensions ? { extensions } : {}) },
      instructions: agentInstructions(ctx, agentName),
      jsonSchemaValidator: lazySchemaValidator(() => new types.AjvJsonSchemaValidator()),
    },
  );
  const on = <R>(method: string, schema: RequestSchema<R>, handler: (request: R, rc: ServerContext) => unknown): void => {
    if (!onParsedRequest(server, method, schema, handler, invalidParamsOf)) throw new Error(`this SDK keeps no request handler table (registering ${method})`);
  };

  // Each request's Extra carries the session's log level: its services' messages during it come back on it (log-forwarding.ts).
  const sessionExtra = (rc: ServerContext) => laneExtra(rc, sessionLevel(server), server.transport);

  // A server's requests during a call, a read or a prompt go to this agent, related to its request (agent-asker.ts).
  const askerOf = (rc: ServerContext) => agentAsker(server, agentName, requestIdOf(rc), ctx.agents);

  on('tools/list', types.ListToolsRequestSchema, (request) => {
    refuseCursor(request.params);
    return listTools(ctx, agentName, declaresApps(server.getClientCapabilities()));
  });
  on('tools/call', types.CallToolRequestSchema, (request, rc) => callTool(ctx, agentName, request, sessionExtra(rc), askerOf(rc), declaresApps(server.getClientCapabilities())));
  on('logging/setLevel', types.SetLevelRequestSchema, (request) => setLevel(server, request.params.level));

  on('resources/list', types.ListResourcesRequestSchema, (request) => {
    refuseCursor(request.params);
    return listResources(ctx, agentName);
  });
  on('resources/templates/list', types.ListResourceTemplatesRequestSchema, (request) => {
    refuseCursor(request.params);
    return listResourceTemplates(ctx, agentName);
  });
  on('resources/read', types.ReadResourceRequestSchema, (request, rc) => readResource(ctx, agentName, request, sessionExtra(rc), askerOf(rc)));
  on('resources/subscribe', types.SubscribeRequestSchema, async (request, rc) => {
    await subscribeUri(ctx, agentName, sessionSubscriber(server), request.params.uri, sessionExtra(rc));
    return {};
  });
  on('resources/unsubscribe', types.UnsubscribeRequestSchema, (request) => unsubscribe(ctx, server, request));
  // The session's protocol errors (a response to no request of ours, an answer the lane could not send):
  // in the log, bounded per agent (agent-log.ts); a normal close reports none.
  server.onerror = (error) => logProtocolError(ctx.log, agentName, `agent "${agentName}" (2025-era session): ${agentText(error.message)}`);
  // A closed session gives back every subscription it held (the endpoint chains its own onclose after this).
  server.onclose = () => void ctx.subscriptions.drop(server).catch((error: unknown) => ctx.log(`ending a session's subscriptions failed: ${String(error)}`));

  on('prompts/list', types.ListPromptsRequestSchema, (request) => {
    refuseCursor(request.params);
    return listPrompts(ctx, agentName);
  });
  on('prompts/get', types.GetPromptRequestSchema, (request, rc) => getPrompt(ctx, agentName, request, sessionExtra(rc), askerOf(rc)));
  // No asker, as in the 2026-07-28 lane: a completion comes per keystroke, and that revision gives it no
  // input_required (MCP 2026-07-28 basic/patterns/mrtr §Supported methods); a request during one is no agent's (docs/asks.md).
  on('completion/complete', types.CompleteRequestSchema, (request, rc) => complete(ctx, agentName, request, sessionExtra(rc)));
  return server;
}
