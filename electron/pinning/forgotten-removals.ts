import type { ForgottenRemovals } from '../../shared/api';
import type { ServerPins } from './pin-file';
import { PART_RULES, PIN_PARTS } from './pin-kinds';
import { clearGoneForgotten, type PinState } from './pin-state';

/**
 * Whether the server's pins forgot a removed approved name to stay bounded (pin-state.ts MAX_GONE):
 * since then `pinning.acceptNewTools` approves none of its new names, as one could be a forgotten one back.
 */
export function forgottenRemovals(server: string, pins: ServerPins): ForgottenRemovals[] {
  const parts = PIN_PARTS.filter((part) => (pins[part] as PinState<unknown> | undefined)?.goneForgotten !== undefined);
  if (parts.length === 0) return [];
  const since = Math.min(...parts.map((part) => (pins[part] as PinState<unknown>).goneForgotten ?? Infinity));
  return [{ server, since, kinds: parts.map((part) => PART_RULES[part].kind) }];
}

/**
 * The pins with no part's forgetting remembered (the person's word that acceptNewTools may apply
 * again); the same pins when none was forgotten.
 */
export function withoutForgotten(pins: ServerPins): ServerPins {
  let next = pins;
  for (const part of PIN_PARTS) {
    const cleared = pins[part] !== undefined ? clearGoneForgotten(pins[part] as PinState<unknown>) : undefined;
    if (cleared !== undefined) next = { ...next, [part]: cleared };
  }
  return next;
}
