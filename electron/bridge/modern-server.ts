import type { CacheHint, ListToolsResult, Server, ServerContext } from '@modelcontextprotocol/server';
import { listPrompts, listResources, listResourceTemplates, listTools, declaresApps } from './agent-listings';
import { liveAppsExtensions } from './apps-advertised';
import type { CallContext } from './call-context';
import { modernExtra } from './modern-extra';
import { complete } from './read-calls';
import { modernGetPrompt, modernReadResource } from './modern-read-calls';
import type { ModernSdk } from './server-sdk';
import { agentInstructions } from './session-server';
import type { Track } from './modern-server-pool';
import type { InputRounds } from './input-rounds';
import { modernToolCall } from './modern-tool-call';
import { deliverOnConnect } from '../mcp-wire';
import { refusalsNameParams } from './modern-invalid-params';
import { refuseCursor } from './listing-cursor';

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

const untracked: Track = async (work) => await work();

/**
 * The SDK v2 server of an agent's 2026-07-28 requests (one exchange at a time; reused through
 * modern-server-pool.ts, which counts its handlers' work with `track`). Its handlers call the same
 * logic as a legacy session's (session-server.ts): one gate, one audit.
 */
export function createModernServer(sdk: ModernSdk, ctx: CallContext, agentName: string, version: string, rounds: InputRounds, track: Track = untracked): Server {
  const server = new sdk.Server(
    { name: 'connected-services', version },
    {
      capabilities: { tools: { listChanged: true }, resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, completions: {}, logging: {}, extensions: liveAppsExtensions(ctx, agentName) },
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
  server.setRequestHandler('tools/list', (request, rc: ServerContext) =>
    track(async () => {
      refuseCursor(request.params);
      // 2026-07-28: what the client can do rides on each request (`_meta` envelope).
      const envelope: Record<string, unknown> | undefined = rc.mcpReq.envelope;
      const declared = envelope?.[sdk.CLIENT_CAPABILITIES_META_KEY];
      return copy<ListToolsResult>(await listTools(ctx, agentName, declaresApps(declared)));
    }),
  );
  // A server's requests during the call become input_required rounds (modern-tool-call.ts); its log
  // messages, where the request's `_meta` asked for them, go on the request's stream (log-forwarding.ts).
  server.setRequestHandler('tools/call', (request, rc: ServerContext) => track(() => modernToolCall(sdk, ctx, rounds, agentName, request, rc)));
  server.setRequestHandler('resources/list', (request) =>
    track(async () => {
      refuseCursor(request.params);
      return copy(await listResources(ctx, agentName));
    }),
  );
  server.setRequestHandler('resources/templates/list', (request) =>
    track(async () => {
      refuseCursor(request.params);
      return copy(await listResourceTemplates(ctx, agentName));
    }),
  );
  server.setRequestHandler('resources/read', (request, rc) => track(() => modernReadResource(sdk, ctx, rounds, agentName, request, rc)));
  server.setRequestHandler('prompts/list', (request) =>
    track(async () => {
      refuseCursor(request.params);
      return copy(await listPrompts(ctx, agentName));
    }),
  );
  server.setRequestHandler('prompts/get', (request, rc) => track(() => modernGetPrompt(sdk, ctx, rounds, agentName, request, rc)));
  server.setRequestHandler('completion/complete', (request, rc) => track(() => complete(ctx, agentName, request, modernExtra(rc))));
  // Each exchange's request goes to the Protocol without its type guards, whose failed parses kept
  // every request through young collections (docs/bridge.md §Speed of the two eras).
  deliverOnConnect(server);
  refusalsNameParams(server);
  return server;
}
