import type { ElicitResult } from '@modelcontextprotocol/client';
import { OUTSIDE_ANY_CALL, type AskOutcome, type AuditEntry } from '../../../shared/api';
import type { DelayClock } from '../../../shared/collections';
import { errorMessage } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import type { Reach } from '../../auth';
import { isAgentAsker, lacksCapability, samplingForAgent, vaultValueWarning, type AgentAsker } from '../../bridge';
import { AskRefused, AskTimeout, isProtocolError, RPC_ERROR, type AskContext } from '../../pool';
import { boundedElicitation, elicitationView, samplingBeyondView, samplingView } from './ask-view';
import { agentUrl, lookedUpUrlProblem, type UrlVerdict } from './ask-url';
import { routeElicitation, routeRoots, routeSampling, type AgentFacts } from './ask-routing';
import type { WaitingAsks } from './waiting-asks';
import type { AskUrlChecks } from './ask-reach';
import { RootsTally } from './roots-tally';
import { askWindowKey, askWindows, type AuditedAskRouter } from './ask-windows';
import { isPersonAsker } from './person-asker';

/** MCP client/sampling error handling: the code the spec shows for a rejected request. */
const REJECTED = -1;

export interface AskRouterOptions {
  waiting: WaitingAsks;
  /** One entry per request: how it ended, never its values. */
  audit: (entry: AuditEntry) => void;
  now: () => number;
  /** The asking server's reach and the look-up of a URL's host name (ask-reach.ts): a URL-mode request's URL is no closer. */
  urls: AskUrlChecks;
  /** For the audit's per-minute counts (ask-windows.ts); default an unref'd setTimeout and performance.now. */
  clock?: DelayClock;
}

/** The scope of a server's requests outside any call: counted per server and kind. */
const OUTSIDE_ANY_CALL_SCOPE = {};

function factsOf(agent: AgentAsker): AgentFacts {
  return { agent: agent.agent, settings: agent.settings(), canElicit: agent.canElicit, canSample: agent.canSample, canListRoots: agent.canListRoots };
}

const timedOut = (reason: unknown): boolean => reason instanceof AskTimeout;

/**
 * How an agent's request failed: its client answered with a JSON-RPC error (an `error`, not a cancel
 * it never sent), or it gave no answer we could use (a closed session, one the schema refuses).
 */
const agentFailed = (error: unknown): AskOutcome => (isProtocolError(error) ? 'error' : 'cancel');

/**
 * Why an agent's answer is not passed on, if it is not: the call it answers for would not pass the
 * gate now (paused, the agent removed or narrowed since; electron/bridge/call-gate.ts stillPasses).
 */
async function notPassedOn(agent: AgentAsker): Promise<string | undefined> {
  const refusal = await agent.recheck?.();
  return refusal === undefined ? undefined : `not passed on: ${refusal.message}`;
}

type AskKind = 'elicitation' | 'sampling' | 'roots';
type AnsweredBy = NonNullable<AuditEntry['answeredBy']>;

/** At most this many roots are taken from an agent's client, as many as an entry may name (shared/config). */
const MAX_AGENT_ROOTS = 64;

/**
 * The one place that decides who answers a server's request (ask-routing.ts) and does it: forwards
 * to the agent's session, shows it to the person (WaitingAsks), or refuses; each request audited.
 */
export function createAskRouter(options: AskRouterOptions): AuditedAskRouter {
  const { waiting, now } = options;

  const windows = askWindows(options.audit, options.clock);
  // A roots/list for a call already over: at most one entry a minute per call, then counted.
  const rootsTally = new RootsTally(options.audit, (asker, entry) => windows.add(asker, askWindowKey(entry), entry, 1));

  function entryOf(context: Pick<AskContext, 'server' | 'asker' | 'call'>, kind: AskKind, started: number, answer: AskOutcome, answeredBy: AnsweredBy, warning?: string, roots?: number): AuditEntry {
    const agent = isAgentAsker(context.asker) ? context.asker.agent : '';
    const outcome = answer === 'accept' ? 'ok' : answer === 'decline' ? 'denied' : answer === 'timeout' || answer === 'error' ? 'error' : 'cancelled';
    return {
      time: started,
      agent,
      server: context.server,
      kind,
      tool: redact(context.call ?? OUTSIDE_ANY_CALL),
      durationMs: Math.max(0, now() - started),
      outcome,
      ...(answer === 'timeout' ? { errorCode: 'timeout' as const } : {}),
      answer,
      answeredBy,
      ...(warning !== undefined ? { warning } : {}),
      ...(roots !== undefined ? { roots } : {}),
    };
  }

  /** An answer holding a vault value is written at once; the rest counted per minute past the first 20 (ask-windows.ts). */
  function record(context: Pick<AskContext, 'server' | 'asker' | 'call'>, kind: AskKind, started: number, answer: AskOutcome, answeredBy: AnsweredBy, warning?: string): void {
    const entry = entryOf(context, kind, started, answer, answeredBy, warning);
    if (warning !== undefined) options.audit(entry);
    else windows.add(context.asker ?? OUTSIDE_ANY_CALL_SCOPE, askWindowKey(entry), entry);
  }

  /**
   * roots/list is audited within an agent's call only: outside one, no agent gave or got anything.
   * At most two entries per call and server, the first at once (roots-tally.ts): a server may loop on it.
   */
  function recordRoots(context: Pick<AskContext, 'server' | 'asker' | 'call' | 'ended'>, started: number, answer: AskOutcome, answeredBy: AnsweredBy, roots: number, warning?: string): void {
    if (isAgentAsker(context.asker)) rootsTally.count(context.asker, context.ended, entryOf(context, 'roots', started, answer, answeredBy, warning, roots));
  }

  function base(context: AskContext) {
    const agent = isAgentAsker(context.asker) ? context.asker : undefined;
    const callId = isPersonAsker(context.asker) ? context.asker.callId : undefined;
    return {
      server: context.server,
      ...(context.asker ? { asker: context.asker.label } : {}),
      ...(agent ? { agent: agent.agent } : {}),
      ...(context.call !== undefined ? { call: context.call } : {}),
      ...(callId !== undefined ? { callId } : {}),
      expiresAt: context.expiresAt,
    };
  }

  /** A URL request no one is shown: audited (`warning` is why, in Activity), the server told why. */
  function refusedUrl(context: AskContext, started: number, reason: string, warning?: string): AskRefused {
    record(context, 'elicitation', started, 'decline', 'nobody', warning);
    return new AskRefused(REJECTED, `URL request refused: ${reason}`);
  }

  /** How a request that was not answered ended. */
  const unanswered = (context: AskContext): AskOutcome => (timedOut(context.signal.reason) ? 'timeout' : 'ended');

  return {
    windows,

    async elicit(asked, context) {
      const started = now();
      // Bounded alike for the agent and the person (ask-view.ts): a server controls all of it.
      const params = boundedElicitation(asked);
      if (params === undefined) {
        record(context, 'elicitation', started, 'decline', 'nobody');
        return { action: 'decline' };
      }
      // Opening it would hand the value to that site (SECURITY.md): refused before the agent or the person sees it.
      const held = params.mode === 'url' ? vaultValueWarning(params.url, 'url') : undefined;
      if (held !== undefined) throw refusedUrl(context, started, 'its URL holds a value Connected Services keeps secret', held);
      const agent = isAgentAsker(context.asker) ? context.asker : undefined;
      const route = routeElicitation(params.mode === 'url' ? 'url' : 'form', agent && factsOf(agent));
      // A URL is no closer than the server (electron/net/reach.ts): where its connection was made (ask-reach.ts).
      let reach: Reach = 'public';
      if (params.mode === 'url') {
        try {
          reach = await options.urls.reachOf(context.server);
        } catch (error) {
          throw refusedUrl(context, started, errorMessage(error));
        }
      }
      if (route.to === 'agent' && agent) {
        // The agent's client may open it: one this server may not name, by its written host or by what
        // its name resolves to now, never goes there.
        const checked = params.mode === 'url' ? await agentUrl(params.url, reach, options.urls) : undefined;
        if (checked !== undefined && 'problem' in checked) throw refusedUrl(context, started, checked.problem);
        try {
          const result = await agent.elicit(params.mode === 'url' && checked ? { ...params, url: checked.url } : params, context.signal, context.key);
          // An agent never needs a vault value: an answer holding one is declined, the person sees why in Activity.
          const warning = vaultValueWarning(result, 'answer');
          if (warning !== undefined) {
            record(context, 'elicitation', started, 'decline', 'agent', warning);
            return { action: 'decline' };
          }
          const refused = await notPassedOn(agent);
          if (refused !== undefined) {
            record(context, 'elicitation', started, 'cancel', 'agent', refused);
            return { action: 'cancel' };
          }
          record(context, 'elicitation', started, result.action, 'agent');
          return result;
        } catch (error) {
          record(context, 'elicitation', started, context.signal.aborted ? unanswered(context) : agentFailed(error), 'agent');
          throw error;
        }
      }
      // The person sees it with why it cannot be opened (its name looked up first); openAskUrl refuses it.
      const verdict: UrlVerdict = params.mode === 'url' ? await lookedUpUrlProblem(params.url, reach, options.urls) : {};
      // Past the 16-waiting cap it is declined unseen: nobody answered it.
      const unseen = waiting.full;
      const answer = await waiting.ask(elicitationView(params, base(context), verdict), context.signal, timedOut);
      if (typeof answer === 'string') {
        record(context, 'elicitation', started, answer, 'nobody');
        throw new Error(`the request ${answer === 'timeout' ? 'timed out' : 'ended with its call'}`);
      }
      record(context, 'elicitation', started, answer.action, unseen ? 'nobody' : 'person');
      const result: ElicitResult = { action: answer.action };
      if (answer.content) result.content = answer.content;
      return result;
    },

    async roots(context) {
      const started = now();
      const agent = isAgentAsker(context.asker) ? context.asker : undefined;
      if (routeRoots(agent && factsOf(agent)).to !== 'agent' || !agent) {
        recordRoots(context, started, 'decline', 'nobody', 0);
        return [];
      }
      let answer: Awaited<ReturnType<AgentAsker['listRoots']>>;
      try {
        answer = await agent.listRoots(context.signal, context.key);
      } catch (error) {
        // An answer that breaks the schema (a root that is no file:// URI) gives the server none, not an error of ours.
        recordRoots(context, started, context.signal.aborted ? unanswered(context) : agentFailed(error), 'agent', 0);
        if (context.signal.aborted) throw error;
        return [];
      }
      // An agent's roots holding a vault value: none reach the server, the person sees why in Activity.
      const warning = vaultValueWarning(answer, 'answer');
      if (warning !== undefined) {
        recordRoots(context, started, 'decline', 'agent', 0, warning);
        return [];
      }
      const refused = await notPassedOn(agent);
      if (refused !== undefined) {
        recordRoots(context, started, 'cancel', 'agent', 0, refused);
        return [];
      }
      // Bounded as a configured list is (shared/config: at most 64 roots); only file:// roots (MCP client/roots).
      const roots = answer.roots.filter((root) => root.uri.startsWith('file://') && root.uri.length <= 4096).slice(0, MAX_AGENT_ROOTS);
      recordRoots(context, started, 'accept', 'agent', roots.length);
      return roots;
    },

    rootsConfigured(context, roots) {
      recordRoots(context, now(), 'accept', 'config', roots.length);
    },

    async sample(params, context) {
      const started = now();
      const agent = isAgentAsker(context.asker) ? context.asker : undefined;
      const route = routeSampling(agent && factsOf(agent));
      if (route.to === 'refuse' || !agent) {
        record(context, 'sampling', started, 'decline', 'nobody');
        // A 2026-07-28 agent whose request did not declare sampling hears of it (-32021 should the server fail).
        if (route.to === 'refuse' && route.lacks !== undefined) lacksCapability(agent)?.lacks(route.lacks);
        throw new AskRefused(REJECTED, `Sampling request declined: ${route.to === 'refuse' ? route.reason : 'no agent'}`);
      }
      // Of the server's request only an allowlist goes on (electron/bridge/sampling-request.ts); tools are refused.
      const checked = samplingForAgent(params);
      if ('refused' in checked) {
        record(context, 'sampling', started, 'decline', 'nobody');
        throw new AskRefused(RPC_ERROR.InvalidParams, `Sampling request declined: ${checked.refused}`);
      }
      const forward = checked.forward;
      const beyond = samplingBeyondView(forward);
      if (beyond !== undefined) {
        record(context, 'sampling', started, 'decline', 'nobody');
        throw new AskRefused(REJECTED, `Sampling request declined: ${beyond}`);
      }
      // The person approves each request, seeing all of what the agent's model would get. A
      // 2026-07-28 agent's round meanwhile waits for it, to put it with the others (mrtr §InputRequests).
      const arrived = agent.expect?.();
      const unseen = waiting.full;
      let approval: Awaited<ReturnType<typeof waiting.ask>>;
      try {
        approval = await waiting.ask(samplingView(forward, base(context)), context.signal, timedOut);
      } catch (error) {
        arrived?.();
        throw error;
      }
      if (typeof approval === 'string' || approval.action !== 'accept') arrived?.();
      if (typeof approval === 'string') {
        record(context, 'sampling', started, approval, 'nobody');
        throw new Error(`the request ${approval === 'timeout' ? 'timed out' : 'ended with its call'}`);
      }
      if (approval.action !== 'accept') {
        record(context, 'sampling', started, approval.action, unseen ? 'nobody' : 'person');
        throw new AskRefused(REJECTED, 'Sampling request declined by the person');
      }
      let result: Awaited<ReturnType<AgentAsker['sample']>>;
      try {
        const answer = agent.sample(forward, context.signal, context.key);
        arrived?.();
        result = await answer;
      } catch (error) {
        record(context, 'sampling', started, context.signal.aborted ? unanswered(context) : agentFailed(error), 'agent');
        throw error;
      }
      // An agent never needs a vault value: one in its answer is not passed on, and the person sees why in Activity.
      const warning = vaultValueWarning(result, 'answer');
      if (warning !== undefined) {
        record(context, 'sampling', started, 'decline', 'agent', warning);
        throw new AskRefused(REJECTED, 'Sampling request declined: the answer was not passed on');
      }
      const refused = await notPassedOn(agent);
      if (refused !== undefined) {
        record(context, 'sampling', started, 'cancel', 'agent', refused);
        throw new AskRefused(REJECTED, 'Sampling request declined: the call may no longer go on');
      }
      record(context, 'sampling', started, 'accept', 'agent');
      return result;
    },
  };
}
