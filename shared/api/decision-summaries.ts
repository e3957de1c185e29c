import type { Confirmation } from './admin-views';
import type { PendingAppCall } from './app-call-views';
import type { PendingAsk } from './ask-views';
import type { PendingApproval } from './bridge-views';
import type { DecisionOf } from './decision-views';
import { PIN_KIND_WORDS, type HeldChange } from './pin-views';

/** Each kind's view as a decision: its one-line summary for people beside the view itself. */

const WANTS: Record<PendingApproval['kind'], string> = { tool: 'call', resource: 'read the resource', prompt: 'get the prompt' };

export function callDecision(call: PendingApproval): DecisionOf<'call'> {
  return {
    kind: 'call',
    id: call.id,
    summary: `agent "${call.agent}" asks to ${WANTS[call.kind]} "${call.tool}" on "${call.server}" (${call.tier})`,
    requestedAt: call.requestedAt,
    expiresAt: call.expiresAt,
    item: call,
  };
}

export function confirmationDecision(confirmation: Confirmation): DecisionOf<'confirmation'> {
  return {
    kind: 'confirmation',
    id: confirmation.id,
    summary: `the command line asks to ${confirmation.summary}${confirmation.askerGone === true ? ' (its program has exited)' : ''}`,
    requestedAt: confirmation.requestedAt,
    expiresAt: confirmation.expiresAt,
    item: confirmation,
  };
}

const ASKS: Record<PendingAsk['kind'], string> = { form: 'asks you to fill in a form', url: 'asks you to open an address', sampling: "asks to use the agent's model" };
/** A summary is one line: a server's message may be long. */
const MAX_MESSAGE = 200;

export function askDecision(ask: PendingAsk): DecisionOf<'ask'> {
  const message = ask.message.length > MAX_MESSAGE ? `${ask.message.slice(0, MAX_MESSAGE)}…` : ask.message;
  return {
    kind: 'ask',
    id: ask.id,
    summary: `"${ask.server}" ${ASKS[ask.kind]}${message ? `: ${message}` : ''}`,
    requestedAt: ask.requestedAt,
    expiresAt: ask.expiresAt,
    item: ask,
  };
}

export function appCallDecision(call: PendingAppCall): DecisionOf<'appCall'> {
  return {
    kind: 'appCall',
    id: call.id,
    summary: `the app of "${call.server}" asks to call "${call.tool}" (${call.tier})`,
    requestedAt: call.requestedAt,
    expiresAt: call.expiresAt,
    item: call,
  };
}

/** A held tool, prompt, resource or resource template; `id` is the core's (a digest where the names are long). */
export function toolChangeDecision(held: HeldChange, id: string): DecisionOf<'toolChange'> {
  const what = held.change === 'added' ? `lists a new ${PIN_KIND_WORDS[held.kind]}` : `changed the ${PIN_KIND_WORDS[held.kind]}`;
  return { kind: 'toolChange', id, summary: `"${held.server}" ${what} "${held.name}"`, requestedAt: held.seenAt, item: held };
}
