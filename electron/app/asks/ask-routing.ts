import type { asksOf } from '../../bridge';

/** What the router knows of an agent whose call a request belongs to. */
export interface AgentFacts {
  agent: string;
  settings: ReturnType<typeof asksOf>;
  canElicit: { form: boolean; url: boolean };
  canSample: boolean;
  canListRoots: boolean;
}

/**
 * Who answers a server's request: the agent, the person, the person then the agent (sampling's
 * approval), or nobody (refused, with the reason the server is told). Independent of the wire form,
 * so the same decisions serve the next revision's multi-round-trip requests (SEP-2322).
 */
export type Route = { to: 'agent' } | { to: 'person' } | { to: 'person-then-agent' } | { to: 'refuse'; reason: string; lacks?: 'sampling' };

/** Elicitation: the agent when its settings allow and its client can take the mode; otherwise the person. Outside an agent's call: the person. */
export function routeElicitation(mode: 'form' | 'url', agent: AgentFacts | undefined): Route {
  if (!agent) return { to: 'person' };
  if (agent.settings.elicitation === 'allow' && agent.canElicit[mode]) return { to: 'agent' };
  return { to: 'person' };
}

/**
 * Roots of a server whose entry names none (issue #30): the calling agent's client's, when it
 * declared roots and the agent's settings allow it; otherwise none (an empty list, never the person's
 * folders by default).
 */
export function routeRoots(agent: AgentFacts | undefined): Route {
  if (!agent) return { to: 'refuse', reason: 'not part of an agent\'s call' };
  if (agent.settings.roots === 'deny') return { to: 'refuse', reason: `the settings of agent "${agent.agent}" give servers no roots` };
  if (!agent.canListRoots) return { to: 'refuse', reason: `the client of agent "${agent.agent}" declared no roots` };
  return { to: 'agent' };
}

/** Sampling goes to an agent's model only (we have none), after the person approves each request. */
export function routeSampling(agent: AgentFacts | undefined): Route {
  if (!agent) return { to: 'refuse', reason: 'sampling needs an agent\'s model, and this request is not part of an agent\'s call' };
  if (agent.settings.sampling === 'deny') return { to: 'refuse', reason: `the settings of agent "${agent.agent}" refuse sampling requests` };
  if (!agent.canSample) return { to: 'refuse', reason: `the client of agent "${agent.agent}" does not support sampling`, lacks: 'sampling' };
  return { to: 'person-then-agent' };
}
