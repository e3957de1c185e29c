import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ClientCapabilities, InputRequiredResult as SdkInputRequired, ServerContext } from '@modelcontextprotocol/server';
import { statelessAgentAsker } from './agent-asker';
import { declaresApps } from './agent-listings';
import type { CallContext } from './call-context';
import { judgeAnswer, loadFormValidator } from './input-answers';
import { StaleRequestState, type InputRequiredResult, type InputRounds } from './input-rounds';
import { modernExtra } from './modern-extra';
import { argumentsDigest, type StateClaims } from './request-state-seal';
import type { ModernSdk } from './server-sdk';
import { callTool } from './tool-call';

/** The same wire JSON, typed as the v2 SDK's (its result types are v2's, the call's SDK 1.x's). */
function sdkShape(result: CallToolResult | InputRequiredResult): CallToolResult | SdkInputRequired {
  return result as CallToolResult | SdkInputRequired;
}

/** The SDK's own answer to a state it refuses (ServerOptions.requestState.verify): one error for every reason. */
export function invalidState(sdk: ModernSdk): Error {
  return new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState', { reason: 'invalid_request_state' });
}

/**
 * tools/call of a 2026-07-28 agent (MCP 2026-07-28 basic/patterns/mrtr). A first request starts the
 * call, held open; a retry carries the state the bridge sealed (opened by the server's verify hook,
 * modern-server.ts), which must name this tool and these arguments and be unused, and the answers to
 * the server's requests. Either way the answer is the call's result or the next round.
 */
export async function modernToolCall(sdk: ModernSdk, ctx: CallContext, rounds: InputRounds, agentName: string, request: CallToolRequest, rc: ServerContext): Promise<CallToolResult | SdkInputRequired> {
  const extra = modernExtra(rc);
  const progressToken = request.params._meta?.progressToken;
  const digest = argumentsDigest(request.params.arguments);
  const claims = rc.mcpReq.requestState<StateClaims>();
  if (claims !== undefined) {
    let held;
    try {
      held = rounds.resume<CallToolResult>(agentName, claims, request.params.name, digest);
    } catch (error) {
      if (!(error instanceof StaleRequestState)) throw error;
      ctx.log(`agent "${agentName}": a retry of "${request.params.name}" refused: ${error.message}`);
      throw invalidState(sdk);
    }
    const forms = await loadFormValidator();
    held.answer(rc.mcpReq.inputResponses, (method, value, params) => judgeAnswer(sdk, forms, method, value, params));
    return sdkShape(await held.round(extra, progressToken));
  }
  const held = rounds.hold<CallToolResult>(agentName, request.params.name, digest);
  const envelope: Record<string, unknown> | undefined = rc.mcpReq.envelope;
  const declared = envelope?.[sdk.CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  const asker = statelessAgentAsker(agentName, ctx.agents, { declared, ask: (method, params, signal) => held.ask(method, params, signal) });
  held.run(callTool(ctx, agentName, request, held.extra(), asker, declaresApps(declared)));
  return sdkShape(await held.round(extra, progressToken));
}
