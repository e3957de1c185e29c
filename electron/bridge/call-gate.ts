import type { ServerNotification } from '@modelcontextprotocol/server';
import { CodedError } from '../../shared/errors';
import type { CallAsker, Cancellation, LogLevel } from '../pool';
import { isAgentAsker } from './agent-asker';
import { agentError, denied, type AgentError } from './agent-errors';
import type { Agent, Decision, Tier } from './agent-schema';
import type { ApprovalRequest, DecidedApproval } from './call-approval-queue';
import { recordable } from './audit-log';
import { record, type AuditDraft, type CallContext } from './call-context';
import { consentView } from './consent-view';
import { CallRefused, notApproved, pausedError } from './refusals';
import { countedWarning } from './vault-value-count';
import { vaultValueWarning } from './vault-value-warning';
import { waitSignal } from './stopped-waiting';

/**
 * What a call's handler needs of its request, in either era: the agent's cancellation and a way to
 * send it notifications related to the call (progress). A legacy session's SDK 1.x `extra` is one;
 * modern-extra.ts makes one from an SDK v2 handler context.
 */
export interface Extra {
  readonly signal: AbortSignal;
  /** The same cancellation without an AbortSignal made for it, where the caller has one (callCancellation). */
  readonly cancellation?: Cancellation | undefined;
  /** The level a 2026-07-28 request asked its log messages at (`_meta`, log-forwarding.ts callLog); none: no messages. */
  readonly logLevel?: LogLevel | undefined;
  sendNotification(notification: ServerNotification): Promise<void>;
  /** Aborts when the request's answer can no longer reach the agent (stopped-waiting.ts); absent where the transport cannot tell. */
  readonly stoppedWaiting?: (() => AbortSignal | undefined) | undefined;
}

/** What a call is about once found, and what the agent's policy says of it. */
export interface Target {
  server: string;
  /** The tool or prompt name on its server, or the resource URI. */
  name: string;
  tier: Tier;
  decision: Decision;
  /** True when a rule for this one tool decided (an "always allow", a block), not the tier's setting. */
  rule?: boolean;
}

/** `denied`: the lookup found it but refuses it (audited as a refusal, not an error). */
export type Found = { target: Target } | { error: AgentError; denied?: true };

/** One agent call as the gate sees it; tool-call.ts and read-calls.ts only say what is called. */
export interface GateCall<R> {
  agent: string;
  kind: ApprovalRequest['kind'];
  /** What the agent asked for (a bridge name, a URI): audited until the target is known. */
  asked: string;
  /** Tool or prompt arguments; a resource read has none (its URI is `asked`). */
  args?: Record<string, unknown>;
  /** The input's bounds: an error here refuses the call before anything else reads the input. */
  check(): CodedError | undefined;
  /** Which server, what on it, the agent's decision; may start a server to find a tool. */
  find(agent: Readonly<Agent>): Promise<Found>;
  /**
   * The server receives `asked` itself (a resource read's or subscription's URI, which a template may
   * match whatever it holds): a vault value in it is held for the person after the lookup, as one in
   * arguments is, so a right guess is not refused where a wrong one would be read.
   */
  sendsAsked?: true;
  /** The answer for a name or URI that names nothing (unknown-names.ts): also the one for a name holding a vault value. */
  unknown?(): AgentError;
  /** The call itself, through the pool. */
  run(target: Target, cancel: Cancellation): Promise<R>;
  /** A result that reports a failure of the server's own (a tool's isError): audited as tool_error. */
  failed?(value: R): boolean;
  /** Who answers the server's requests during the call: an agent's answers wait on the gate again (stillPasses). */
  asker?: CallAsker;
}

export type GateStep = 'input' | 'paused' | 'lookup' | 'policy' | 'approval' | 'call';
export type GateResult<R> = { ok: true; value: R } | { ok: false; step: GateStep; error: AgentError };

/**
 * One gate pass: the audit entry is written once, whichever step ends it. Its draft is filled in place
 * and becomes the entry (call-context.ts `record`): no copy per step. Members keep the order the
 * steps add them in, the order of the audit's lines.
 */
class Pass<R> {
  readonly #started: number;
  #callStarted: number | undefined;
  readonly #draft: AuditDraft;
  approval: DecidedApproval | undefined;

  constructor(
    readonly ctx: CallContext,
    readonly call: GateCall<R>,
  ) {
    this.#started = ctx.now();
    this.#draft = { agent: call.agent, server: '', kind: call.kind, tool: call.asked, outcome: 'ok' };
  }

  /** Only after the input passed its bounds may the audit log record (walk) the arguments. */
  admitArguments(): void {
    if (this.call.args !== undefined && this.ctx.auditArguments()) this.#draft.arguments = recordable(this.call.args);
  }

  found(target: Target): void {
    const draft = this.#draft;
    draft.server = target.server;
    draft.tool = target.name;
    draft.tier = target.tier;
    draft.decidedBy = target.rule === true ? 'rule' : 'tier';
  }

  /** Why the call is held for the person whatever its tier (vault-value-warning.ts). */
  warned(warning: string): void {
    this.#draft.warning = warning;
  }

  get warning(): string | undefined {
    return this.#draft.warning;
  }

  /** The person's part, kept apart from the call's own duration. */
  waited(ms: number): void {
    this.#draft.waitMs = Math.max(0, ms);
  }

  /** The call itself starts now: its duration is measured from here. */
  running(): void {
    this.#callStarted = this.ctx.now();
  }

  /** The outcome, then (as the audit's lines have them) the refusal's code, then the call's time. */
  #end(outcome: AuditDraft['outcome'], errorCode?: AuditDraft['errorCode']): AuditDraft {
    const draft = this.#draft;
    draft.outcome = outcome;
    if (errorCode !== undefined) draft.errorCode = errorCode;
    if (this.#callStarted !== undefined) draft.callMs = Math.max(0, this.ctx.now() - this.#callStarted);
    return draft;
  }

  /** `shown`: written in full whatever the agent caused alone (a vault value in what it asked for is the person's to see). `null`: no code. */
  refuse(step: GateStep, error: AgentError, outcome: 'denied' | 'error' | 'cancelled', errorCode: AuditDraft['errorCode'] | null = error.code, shown = false): GateResult<R> {
    // A refusal after done() failed to append: the entry is the refusal's, without a result.
    if ('result' in this.#draft) delete this.#draft.result;
    // Nothing ran and nobody was asked (a full queue asks nobody): the agent alone caused it, and may not flood the audit with it.
    const agentAlone = !shown && this.#callStarted === undefined && (this.approval === undefined || this.approval.reason === 'flood');
    record(this.ctx, this.#started, this.#end(outcome, errorCode ?? undefined), this.approval, agentAlone);
    return { ok: false, step, error };
  }

  /** Refused for the pause: said so in the audit (Activity: "denied: bridge paused"), unless the person had already decided. */
  refusePaused(error: AgentError): GateResult<R> {
    if (this.approval === undefined) this.#draft.approval = 'paused';
    return this.refuse('paused', error, 'denied');
  }

  done(value: R): GateResult<R> {
    // Both read the value first: if either throws, the draft is as it was (the call's refusal is audited).
    const outcome = this.call.failed?.(value) === true ? 'tool_error' : 'ok';
    const audited = this.ctx.auditArguments();
    const result = audited ? recordable(value) : undefined;
    const entry = this.#end(outcome);
    if (audited) entry.result = result;
    record(this.ctx, this.#started, entry, this.approval);
    return { ok: true, value };
  }
}

function policyRefusal(kind: GateCall<unknown>['kind'], target: Target): AgentError {
  const what = kind === 'tool' ? `call "${target.name}" of "${target.server}"` : `read from "${target.server}"`;
  return denied(`your agent may not ${what}`, "ask the person to change your agent's policy in Connected Services", target.server);
}

/** The person's approval, when the policy asks or a warning holds the call: what is consented to, and why it was held, travel with the request. */
async function askPerson<R>(pass: Pass<R>, target: Target, signal: AbortSignal, warning: string | undefined): Promise<GateResult<R> | undefined> {
  const { ctx, call } = pass;
  const ask: ApprovalRequest = { agent: call.agent, server: target.server, kind: call.kind, tool: target.name, tier: target.tier };
  if (call.args !== undefined) ask.arguments = consentView(call.args);
  if (warning !== undefined) ask.warning = warning;
  const asked = ctx.now();
  pass.approval = await ctx.approvals.request(ask, signal);
  pass.waited(ctx.now() - asked);
  if (pass.approval.outcome === 'allowed') return undefined;
  // Withdrawn, not timed out: the outcome and `approval` say it, and no code would add to them.
  if (pass.approval.reason === 'cancelled' || pass.approval.reason === 'gone') return pass.refuse('approval', notApproved(pass.approval, target.server), 'cancelled', null);
  const why = notApproved(pass.approval, target.server);
  return pass.refuse('approval', why, 'denied');
}

/**
 * Every agent call passes here, in this order: the input's bounds → paused? → lookup → policy →
 * a value we hold in what it sends? → the person's approval (ask, or that value whatever the tier) → paused again? (an allow may race a pause; a lookup may have started a
 * server) → the call → audit. The bridge starts no server itself: the pool starts lazily.
 */
export async function passGate<R>(ctx: CallContext, call: GateCall<R>, cancel: Cancellation, extra?: Pick<Extra, 'stoppedWaiting'>): Promise<GateResult<R>> {
  const pass = new Pass(ctx, call);
  const invalid = call.check();
  if (invalid) return pass.refuse('input', agentError(invalid), 'error');
  pass.admitArguments();
  // Before the lookup: a paused bridge starts nothing, not even a server to find a name.
  if (ctx.paused()) return pass.refusePaused(pausedError());

  const agent = ctx.agents.peek(call.agent);
  if (!agent) return pass.refuse('lookup', denied('your agent was removed', 'ask the person for a new agent token'), 'denied');
  // A vault value in the name or URI itself, before the lookup: whether that finds anything must not
  // tell a right guess from a wrong one. The agent gets the answer for a name that names nothing; the
  // person gets the refusal with the warning in Activity, never folded into the agent's refusal count.
  // A URI the server receives is looked up first: one a template matches is held below, as arguments are.
  const inName = vaultValueWarning(call.asked, call.kind === 'resource' ? 'address' : 'name');
  if (inName !== undefined) pass.warned(countedWarning(ctx, call.agent, inName));
  if (inName !== undefined && call.sendsAsked !== true) {
    return pass.refuse('lookup', call.unknown?.() ?? agentError(new CodedError('not_found', 'nothing among the services you may use has that name')), 'denied', 'denied', true);
  }
  const found = await call.find(agent);
  if ('error' in found) return pass.refuse('lookup', found.error, found.denied || inName !== undefined ? 'denied' : 'error', inName !== undefined ? 'denied' : undefined, inName !== undefined);
  const { target } = found;
  pass.found(target);

  if (target.decision === 'deny') return pass.refuse('policy', policyRefusal(call.kind, target), 'denied');
  // An agent never needs a value we hold: one in its call is shown to the person first, whatever the tier.
  const inArgs = inName === undefined ? vaultValueWarning(call.args, 'arguments') : undefined;
  if (inArgs !== undefined) pass.warned(countedWarning(ctx, call.agent, inArgs));
  const warning = pass.warning;
  if (target.decision === 'ask' || warning !== undefined) {
    // The wait also ends when the answer can no longer reach the agent; the call itself, once running, does not.
    const refused = await askPerson(pass, target, waitSignal(cancel, extra), warning);
    if (refused) return refused;
  }
  if (ctx.paused()) return pass.refusePaused(pausedError(target.server));
  if (isAgentAsker(call.asker)) call.asker.recheck = () => stillPasses(ctx, call);

  try {
    pass.running();
    return pass.done(await call.run(target, cancel));
  } catch (error) {
    // Ended by the bridge for the agent's own fault (refusals.ts): that is the answer and the audit, not what the cancel became.
    if (cancel.reason instanceof CallRefused) return pass.refuse('call', agentError(cancel.reason, target.server), 'denied');
    if (!cancel.aborted) return pass.refuse('call', agentError(error, target.server), 'error');
    // The pool calls any cancel a `timeout`; one the bridge's stop caused is the bridge becoming unavailable.
    return pass.refuse('call', agentError(error, target.server), 'cancelled', ctx.closing?.() === true ? 'server_unavailable' : undefined);
  }
}

/**
 * A call that passed the gate and then waits for its agent's answer to the server's request (an
 * elicitation, sampling, roots; a 2026-07-28 agent's retry): the answer goes on only if the call would
 * pass now. A pause, a removal, a policy now denying it or the tool gone each refuse it, as a new
 * call would be (docs/bridge.md "Pause"); the person's approval given for the call stands.
 */
export async function stillPasses<R>(ctx: CallContext, call: GateCall<R>): Promise<AgentError | undefined> {
  if (ctx.paused()) return pausedError();
  const agent = ctx.agents.peek(call.agent);
  if (!agent) return denied('your agent was removed', 'ask the person for a new agent token');
  const found = await call.find(agent);
  if ('error' in found) return found.error;
  if (found.target.decision === 'deny') return policyRefusal(call.kind, found.target);
  return undefined;
}
