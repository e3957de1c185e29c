import { PIN_KIND_WORDS, type PinDecision } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { withoutForgotten } from './forgotten-removals';
import type { ServerPins } from './pin-file';
import { PART_OF_KIND, type PinPart } from './pin-kinds';
import { decide, type PinState } from './pin-state';
import { decisionDrift, driftError } from './refusal-check';

export interface DecideOptions {
  /** The digest the server's last listing carried a refused name with (accepting a refusal checks it). */
  refusedDigest: (part: PinPart, name: string) => string | undefined;
  now: number;
  /** acceptNewTools approves the server's new names again, though removed ones were forgotten. */
  resetForgotten: boolean;
}

/**
 * The server's pins with the person's decisions applied, all or none: one that names nothing held (or
 * nothing refused, for `forget`), or a refusal whose definition drifted since, throws. The same pins
 * (or undefined) when nothing changed.
 */
export function decidedPins(server: string, state: ServerPins | undefined, decisions: readonly PinDecision[], options: DecideOptions): ServerPins | undefined {
  let next = state;
  for (const each of decisions) {
    const { kind, name, decision } = each;
    const part = PART_OF_KIND[kind];
    const pinned = next?.[part] as PinState<unknown> | undefined;
    const drift = pinned ? decisionDrift(pinned, each, options.refusedDigest(part, name)) : undefined;
    if (drift !== undefined) throw driftError(server, each, drift);
    const decided = pinned ? decide(pinned, name, decision, options.now) : undefined;
    if (next === undefined || decided === undefined) {
      const what =
        decision === 'forget'
          ? `No refused ${PIN_KIND_WORDS[kind]} "${name}" of "${server}" is kept.`
          : decision === 'dismiss'
            ? `No ${PIN_KIND_WORDS[kind]} "${name}" removed by "${server}" is shown.`
            : `No ${PIN_KIND_WORDS[kind]} "${name}" of "${server}" waits for review.`;
      throw new CodedError('not_found', redact(what), { hint: `Run \`connected-services servers review ${server}\` to see what waits and what you refused.` });
    }
    next = { ...next, [part]: decided };
  }
  return options.resetForgotten && next !== undefined ? withoutForgotten(next) : next;
}
