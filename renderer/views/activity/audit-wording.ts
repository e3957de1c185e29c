import { OUTSIDE_ANY_CALL, type AuditEntry } from '../../../shared/api';
import { TIER_WORD } from '../../lib';

/**
 * Who let the call through or stopped it, in words: "allowed by you", "denied: timed out"…
 * `approval` is set only when the person was asked; without it the agent's policy decided.
 */
export function approvalText(entry: Pick<AuditEntry, 'approval' | 'outcome'> & Partial<Pick<AuditEntry, 'answer' | 'answeredBy' | 'kind' | 'roots' | 'requests' | 'decidedBy'>>): string {
  // An entry may stand for several of a service's requests (the first one's answer).
  const times = entry.requests !== undefined && entry.requests > 1 ? `, asked ${entry.requests} times` : '';
  if (entry.kind === 'roots' && entry.answer === 'accept') return rootsText(entry.roots ?? 0, entry.answeredBy) + times;
  if (entry.answer !== undefined) return answerText(entry.answer, entry.answeredBy) + times;
  const denied = entry.outcome === 'denied';
  switch (entry.approval) {
    case 'person':
      return denied ? 'denied by you' : 'allowed by you';
    case 'remembered':
      return denied ? 'denied by rule' : 'allowed by “always allow”';
    case 'timeout':
      return 'denied: timed out';
    case 'cancelled':
      return 'cancelled by the agent while waiting';
    case 'gone':
      return 'withdrawn: the agent stopped waiting';
    case 'closed':
      return 'denied: the bridge stopped';
    case 'paused':
      return 'denied: bridge paused';
    case 'flood':
      return 'denied: too many waiting';
    case undefined: {
      // The agent's setting for the tool's kind, or its rule for this one tool (Agents → Tool rules): the details say whose.
      const by = entry.decidedBy === 'rule' ? ' by rule' : entry.decidedBy === 'tier' ? ' by setting' : '';
      if (denied) return `denied${by}`;
      return entry.outcome === 'ok' || entry.outcome === 'tool_error' ? `allowed${by}` : '';
    }
  }
}

const ANSWERED: Record<NonNullable<AuditEntry['answer']>, string> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
  error: 'answered with an error',
  timeout: 'timed out',
  ended: 'ended with its call',
};

/** A server's request (elicitation, sampling, roots): how it ended and by whom, never what was answered. */
function answerText(answer: NonNullable<AuditEntry['answer']>, by: AuditEntry['answeredBy']): string {
  const who = by === 'agent' ? ' by the agent' : by === 'person' ? ' by you' : '';
  return `${ANSWERED[answer]}${answer === 'timeout' || answer === 'ended' ? '' : who}`;
}

/** Roots given: how many and from where (the agent's client, the service's entry), never their paths. */
function rootsText(count: number, by: AuditEntry['answeredBy']): string {
  const given = count === 0 ? 'no roots' : count === 1 ? '1 root' : `${count} roots`;
  return `${given} ${by === 'config' ? "from the service's entry" : 'from the agent'}`;
}

/** "120 ms", "2.5 s", "54 s", "1 min 3 s", "1 h 2 min": a measured duration, not rounded away. */
export function callDuration(ms: number): string {
  const value = Math.max(0, ms);
  if (value < 1000) return `${Math.round(value)} ms`;
  if (value < 10_000) return `${(Math.floor(value / 100) / 10).toString()} s`;
  const seconds = Math.floor(value / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}


/**
 * Who decided, in words: the person (and whether they made it a rule), a rule for this one tool
 * (an "always allow" or a block), or the agent's setting for the tool's tier.
 */
export function decidedByText(entry: Pick<AuditEntry, 'approval' | 'outcome' | 'tier' | 'decidedBy' | 'agent' | 'via' | 'warning'>): string {
  // An app shown in this app: no agent's policy; a read runs, anything else only once the person confirms it there.
  if (entry.via === 'app') return entry.tier === 'read' || entry.tier === undefined ? 'nobody: an app may read from its own service' : entry.outcome === 'denied' ? 'nobody: it waited for you to confirm it in the app' : 'you, confirming it in the app';
  const tier = entry.tier !== undefined ? `${TIER_WORD[entry.tier]} tools` : 'this kind of call';
  const policy = entry.decidedBy === 'rule' ? `${entry.agent}'s rule for this one tool` : `${entry.agent}'s setting for ${tier}`;
  switch (entry.approval) {
    case 'person':
      // A value from the vault in its arguments held it whatever the policy said.
      return entry.warning !== undefined ? `you (held for you: ${entry.warning})` : `you (${policy} says ask)`;
    case 'remembered':
      return 'your "always allow" for this tool, given while the call waited';
    case undefined:
      if (entry.decidedBy === undefined) return entry.outcome === 'ok' || entry.outcome === 'tool_error' ? 'not recorded (an entry from before it was)' : 'nobody: the call ended before the policy was asked';
      return `${policy}${entry.decidedBy === 'rule' && entry.outcome !== 'denied' ? ' ("always allow")' : ''}`;
    default:
      return `nobody: ${approvalText(entry)}`;
  }
}

/**
 * Who the Agent column names where an entry records no agent: a request refused before it named one,
 * a service's request outside any call, or one made during the person's own call (the CLI's, the app's).
 */
export function noAgentText(entry: Pick<AuditEntry, 'kind' | 'tool'>): string {
  if (entry.kind === 'request') return 'not known';
  return entry.tool === OUTSIDE_ANY_CALL ? 'no call' : 'you';
}
