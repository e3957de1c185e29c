import { PIN_KIND_WORDS, type PinDecision } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { own } from './own-entry';
import type { PinState } from './pin-state';

/** Why a decision would not be about the definition the person saw, or not about what the server lists. */
export type Drift = 'seen-changed' | 'refused-again' | 'unlisted' | 'listed-changed';

/** An `accept` about a refusal rather than a held change: nothing of the name waits, or its digest names the refusal. */
export function acceptsRefusal<T>(state: PinState<T>, decision: PinDecision): boolean {
  if (decision.decision !== 'accept') return false;
  const held = own(state.held, decision.name);
  return held === undefined || (decision.digest !== undefined && decision.digest !== held.digest && own(state.refusedDefs, decision.name)?.digest === decision.digest);
}

/**
 * Whether a decision still holds: a held change or a refusal is still the definition the person saw
 * (`digest`), and a refusal accepted is exactly what the server lists (`listed`: the digest its last
 * listing carries the name with), so what is approved is what agents will be shown, not an older text.
 */
export function decisionDrift<T>(state: PinState<T>, decision: PinDecision, listed: string | undefined): Drift | undefined {
  const { name, digest: seen } = decision;
  if (decision.decision === 'forget' || decision.decision === 'dismiss') return undefined;
  if (!acceptsRefusal(state, decision)) {
    const held = own(state.held, name);
    return held !== undefined && seen !== undefined && seen !== held.digest ? 'seen-changed' : undefined;
  }
  const refused = own(state.refusedDefs, name);
  // Nothing kept to accept: decide() says so.
  if (refused === undefined) return undefined;
  if (seen !== undefined && seen !== refused.digest) return 'refused-again';
  if (own(state.unlisted, name) !== undefined || listed === undefined) return 'unlisted';
  return own(state.held, name) !== undefined || listed !== refused.digest ? 'listed-changed' : undefined;
}

/** The error of a drifted decision: nothing of the decisions given is kept. */
export function driftError(server: string, decision: PinDecision, drift: Drift): CodedError {
  const what = `${PIN_KIND_WORDS[decision.kind]} "${decision.name}"`;
  const review = `connected-services servers review ${server}`;
  const said: Record<Drift, [string, string]> = {
    'seen-changed': [`The ${what} of "${server}" waiting for review changed since you saw it`, `Run \`${review}\` to see what waits now, then decide again.`],
    'refused-again': [`Your refusal of the ${what} of "${server}" is of another definition than the one you saw (it was refused again since)`, `Run \`${review} --refused\` to see what you refused, then decide again.`],
    unlisted: [
      `"${server}" does not list the ${what} you refused (its listing was checked just now), so there is nothing of it to accept`,
      `Forget the refusal instead (\`${review} --forget ${decision.name}\`): when "${server}" lists it again, it waits for your review.`,
    ],
    'listed-changed': [
      `"${server}" now lists another definition of the ${what} than the one you refused (its listing was checked just now); accepting the refused one would approve what it no longer lists`,
      `Run \`${review}\` to see what it lists: a new definition waits there for your review, and one you refused earlier is reviewed again once you forget its refusal.`,
    ],
  };
  const [message, hint] = said[drift];
  return new CodedError('invalid_input', redact(`${message}. Nothing was decided.`), { hint: redact(hint), data: { changedSince: drift } });
}
