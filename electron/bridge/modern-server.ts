import type { CacheHint, ListToolsResult, Server, ServerContext } from '@modelcontextprotocol/server';
import { listPrompts, listResources, listResourceTemplates, listTools } from './agent-listings';
import type { CallContext } from './call-context';
import { modernExtra } from './modern-extra';
import { complete, getPrompt, readResource } from './read-calls';
import type { ModernSdk } from './server-sdk';
import { agentInstructions } from './session-server';
import type { InputRounds } from './input-rounds';
import { modernToolCall } from './modern-tool-call';

/**
 * How long a 2026-07-28 agent may keep a listing (MCP 2026-07-28 §Caching: `ttlMs`, `cacheScope`).
 * `private`: an agent's listing is its own (its policy and names shape it). A change reaches agents
 * that listen (`subscriptions/listen`) at once; the others ask again within this time.
 */
export const LISTING_CACHE: CacheHint = { ttlMs: 60_000, cacheScope: 'private' };

/**
 * A listing for the SDK v2 server: a copy, since the shared listings are frozen (shared-result.ts) and
 * the SDK annotates results; typed as v2's (the same wire JSON, whose schemas SDK 1.x typed looser).
 */
function copy<T>(value: object): T {
  return { ...value } as T;
}

/**
 * The SDK v2 server of one 2026-07-28 request of an agent (createMcpHandler makes one per request).
 * Its handlers call the same logic as a legacy session's (session-server.ts): one gate, one audit.
 */
export function createModernServer(sdk: ModernSdk, ctx: CallContext, agentName: string, version: string, rounds: InputRounds): Server {
  const server = new sdk.Server(
    { name: 'connected-services', version },
    {
      capabilities: { tools: { listChanged: true }, resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, completions: {} },
      instructions: agentInstructions(ctx, agentName),
      cacheHints: {
        'tools/list': LISTING_CACHE,
        'prompts/list': LISTING_CACHE,
        'resources/list': LISTING_CACHE,
        'resources/templates/list': LISTING_CACHE,
        'server/discover': LISTING_CACHE,
      },
      // A retry's state is opened before its handler runs; any refusal is the SDK's -32602 (MCP 2026-07-28 mrtr §Server Requirements 4).
      requestState: { verify: (state, rc) => rounds.open(agentName, state, rc.mcpReq.method) },
    },
  );
  server.setRequestHandler('tools/list', async () => copy<ListToolsResult>(await listTools(ctx, agentName)));
  // A server's requests during the call become input_required rounds (modern-tool-call.ts).
  server.setRequestHandler('tools/call', (request, rc: ServerContext) => modernToolCall(sdk, ctx, rounds, agentName, request, rc));
  server.setRequestHandler('resources/list', async () => copy(await listResources(ctx, agentName)));
  server.setRequestHandler('resources/templates/list', async () => copy(await listResourceTemplates(ctx, agentName)));
  server.setRequestHandler('resources/read', (request, rc) => readResource(ctx, agentName, request, modernExtra(rc)));
  server.setRequestHandler('prompts/list', async () => copy(await listPrompts(ctx, agentName)));
  server.setRequestHandler('prompts/get', (request, rc) => getPrompt(ctx, agentName, request, modernExtra(rc)));
  server.setRequestHandler('completion/complete', (request, rc) => complete(ctx, agentName, request, modernExtra(rc)));
  return server;
}
