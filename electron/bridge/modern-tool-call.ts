import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/server';
import type { InputRequiredResult as SdkInputRequired, ServerContext } from '@modelcontextprotocol/server';
import { declaresApps } from './agent-listings';
import type { CallContext } from './call-context';
import type { InputRounds } from './input-rounds';
import { modernRoundTrip } from './modern-round-trip';
import type { ModernSdk } from './server-sdk';
import { callTool } from './tool-call';

/** tools/call of a 2026-07-28 agent: the server's requests during it become input_required rounds (modern-round-trip.ts). */
export function modernToolCall(sdk: ModernSdk, ctx: CallContext, rounds: InputRounds, agentName: string, request: CallToolRequest, rc: ServerContext): Promise<CallToolResult | SdkInputRequired> {
  return modernRoundTrip<CallToolResult>(sdk, ctx, rounds, agentName, rc, {
    method: 'tools/call',
    name: request.params.name,
    args: request.params.arguments,
    progressToken: request.params._meta?.progressToken,
    start: (extra, asker, declared) => callTool(ctx, agentName, request, extra, asker, declaresApps(declared)),
  });
}
