/**
 * The pool's hints say how to start a stopped service again as the command line does it
 * (`connected-services connect NAME`), or say only "start it again". A screen has a button for
 * that instead: `how` names it ("Restart on its page"). Each rule is one of the pool's own phrases.
 */

type Rule = readonly [RegExp, (how: string) => string];

const COMMAND = '`connected-services connect [^`\\s]+`';

const RULES: readonly Rule[] = [
  // listing-bound.ts, listing-depth.ts.
  [new RegExp(`; ${COMMAND} starts it again$`), (how) => `; start it again with ${how}`],
  // message-noise.ts, ask-budget.ts, server-output.ts.
  [new RegExp(`start it again with ${COMMAND}`), (how) => `start it again with ${how}`],
  // slot-state.ts, a server that kept crashing.
  [new RegExp(`^Run ${COMMAND} to start it again$`), (how) => `Start it again with ${how}`],
  // stdio-errors.ts.
  [/, then start it again$/, (how) => `, then start it again with ${how}`],
  // session-expiry.ts: the name as written.
  [/, then start ("[^"]+") again$/, (how) => `, then start $1 again with ${how}`],
];

/** A pool's hint with the way to start a service again named as `how`, the screen's button. */
export function startAgainWith(hint: string, how: string): string {
  for (const [pattern, words] of RULES) {
    if (pattern.test(hint)) return hint.replace(pattern, words(how));
  }
  return hint;
}
