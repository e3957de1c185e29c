import type { ClientCapabilities, InputRequiredResult as SdkInputRequired, ServerContext } from '@modelcontextprotocol/server';
import { agentText, logForAgent } from './agent-log';
import { roundsAgentAsker } from './agent-asker';
import type { Extra } from './call-gate';
import type { CallContext } from './call-context';
import { judgeAnswer, loadFormValidator } from './input-answers';
import { StaleRequestState, type HeldCall, type InputRounds, type RoundMethod } from './input-rounds';
import type { Lacking } from './held-call';
import { modernExtra } from './modern-extra';
import { retryRefused } from './refusals';
import { argumentsDigest, type StateClaims } from './request-state-seal';
import type { ModernSdk } from './server-sdk';

/** The SDK's own answer to a state it refuses (ServerOptions.requestState.verify): one error for every reason. */
export function invalidState(sdk: ModernSdk): Error {
  return new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState', { reason: 'invalid_request_state' });
}

/** One request of a 2026-07-28 agent that may take `input_required` rounds. */
export interface RoundTrip<R> {
  method: RoundMethod;
  /** The tool or prompt name, or the resource URI, as the agent sent it. */
  name: string;
  /** What else binds the state to this request (a tool's or prompt's arguments). */
  args: unknown;
  progressToken: string | number | undefined;
  /** Starts the upstream request; the server's requests during it go to `asker`. */
  /** `declared`: the capabilities the agent's client sent with this request. */
  start(extra: Extra, asker: ReturnType<typeof roundsAgentAsker>, declared: ClientCapabilities | undefined): Promise<R>;
}

/**
 * tools/call, prompts/get or resources/read of a 2026-07-28 agent (MCP 2026-07-28
 * basic/patterns/mrtr). A first request starts it, held open; a retry carries the state the bridge
 * sealed (opened by the server's verify hook, modern-server.ts), which must name this method, name
 * and arguments and be unused, and the answers to the server's requests. Either way the answer is the
 * result or the next round. The server's requests are put to the agent only as far as its request's
 * capabilities declare them (agent-asker.ts); the rest follow the routing (the person, or refused).
 * A first request is not an async function: its answer is the round's own promise (one promise and
 * one resumption fewer on every call).
 */
export function modernRoundTrip<R>(sdk: ModernSdk, ctx: CallContext, rounds: InputRounds, agentName: string, rc: ServerContext, trip: RoundTrip<R>): Promise<R | SdkInputRequired> {
  const extra = modernExtra(rc);
  const claims = rc.mcpReq.requestState<StateClaims>();
  if (claims !== undefined) return retryTrip(sdk, ctx, rounds, agentName, rc, trip, extra, claims);
  // The digest binds a sealed state to these arguments: made only if the server asks back.
  const held = rounds.hold<R>(agentName, trip.method, trip.name, () => argumentsDigest(trip.args));
  const envelope: Record<string, unknown> | undefined = rc.mcpReq.envelope;
  const declared = envelope?.[sdk.CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  // One asker object over the held call: nothing else is made for the server's requests unless it sends one.
  held.run(trip.start(held.extra(extra.logLevel), roundsAgentAsker(agentName, ctx.agents, declared, held), declared));
  return answerOf(sdk, held, extra, trip.progressToken);
}

/** A retry: its state opened and unused, the call at the gate again, its answers handed on; then the next round. */
async function retryTrip<R>(sdk: ModernSdk, ctx: CallContext, rounds: InputRounds, agentName: string, rc: ServerContext, trip: RoundTrip<R>, extra: Extra, claims: StateClaims): Promise<R | SdkInputRequired> {
  let held: HeldCall<R>;
  try {
    held = rounds.resume<R>(agentName, claims, trip.name, argumentsDigest(trip.args));
  } catch (error) {
    if (!(error instanceof StaleRequestState)) throw error;
    logForAgent(ctx.log, agentName, `agent "${agentName}": a retry of ${trip.method} "${agentText(trip.name)}" refused: ${agentText(error.message)}`);
    throw invalidState(sdk);
  }
  // A retry is a call at the gate again: paused, narrowed or removed since, its answers go nowhere.
  const refusal = await held.recheck?.();
  if (refusal !== undefined) {
    logForAgent(ctx.log, agentName, `agent "${agentName}": a retry of ${trip.method} "${agentText(trip.name)}" refused: ${agentText(refusal.message)}`);
    held.end(retryRefused(refusal));
  } else {
    const forms = await loadFormValidator();
    held.answer(rc.mcpReq.inputResponses, (method, value, params) => judgeAnswer(sdk, forms, method, value, params));
  }
  return answerOf(sdk, held, extra, trip.progressToken);
}

/**
 * The round's answer. But a call the server failed after the routing refused it what the agent's
 * request did not declare is answered -32021 naming that (MCP 2026-07-28 basic §Client capabilities:
 * MissingRequiredClientCapabilityError, HTTP 400), which tells the agent what to declare.
 */
function answerOf<R>(sdk: ModernSdk, held: HeldCall<R>, extra: Extra, progressToken: string | number | undefined): Promise<R | SdkInputRequired> {
  return held.round(extra, progressToken, lackingOf(sdk)) as Promise<R | SdkInputRequired>;
}

/** The -32021 error naming what the agent's request did not declare: one function per SDK, not a closure made for every call. */
const lackingErrors = new WeakMap<ModernSdk, Lacking>();
function lackingOf(sdk: ModernSdk): Lacking {
  let lacking = lackingErrors.get(sdk);
  if (lacking === undefined) {
    lacking = (lacked) => new sdk.MissingRequiredClientCapabilityError({ requiredCapabilities: Object.fromEntries([...lacked].map((capability) => [capability, {}])) });
    lackingErrors.set(sdk, lacking);
  }
  return lacking;
}
