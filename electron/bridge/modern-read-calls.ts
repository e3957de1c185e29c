import type { GetPromptRequest, GetPromptResult, ReadResourceRequest, ReadResourceResult } from '@modelcontextprotocol/server';
import type { InputRequiredResult as SdkInputRequired, ServerContext } from '@modelcontextprotocol/server';
import type { CallContext } from './call-context';
import type { InputRounds } from './input-rounds';
import { modernRoundTrip } from './modern-round-trip';
import { getPrompt, readResource } from './read-calls';
import type { ModernSdk } from './server-sdk';

/**
 * prompts/get of a 2026-07-28 agent: like tools/call, its result may be `input_required` (MCP
 * 2026-07-28 basic/patterns/mrtr §Supported methods), so a server's requests while it makes the
 * prompt reach the agent as rounds (modern-round-trip.ts).
 */
export function modernGetPrompt(sdk: ModernSdk, ctx: CallContext, rounds: InputRounds, agentName: string, request: GetPromptRequest, rc: ServerContext): Promise<GetPromptResult | SdkInputRequired> {
  return modernRoundTrip<GetPromptResult>(sdk, ctx, rounds, agentName, rc, {
    method: 'prompts/get',
    name: request.params.name,
    args: request.params.arguments,
    progressToken: request.params._meta?.progressToken,
    start: (extra, asker) => getPrompt(ctx, agentName, request, extra, asker),
  });
}

/** resources/read of a 2026-07-28 agent, rounds as for prompts/get. */
export function modernReadResource(sdk: ModernSdk, ctx: CallContext, rounds: InputRounds, agentName: string, request: ReadResourceRequest, rc: ServerContext): Promise<ReadResourceResult | SdkInputRequired> {
  return modernRoundTrip<ReadResourceResult>(sdk, ctx, rounds, agentName, rc, {
    method: 'resources/read',
    name: request.params.uri,
    args: undefined,
    progressToken: request.params._meta?.progressToken,
    start: (extra, asker) => readResource(ctx, agentName, request, extra, asker),
  });
}
