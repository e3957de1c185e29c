/**
 * The pool's sign-in hints say how to connect a service as the command line does it
 * (`connected-services connect NAME`). A screen that shows such a hint beside the service's own next
 * step has a button for that instead: `button` names it ("“Sign in”", "“Connect”"). Each rule is one
 * of the pool's own phrases.
 */

type Rule = readonly [RegExp, (button: string) => string];

const COMMAND = '`connected-services connect [^`\\s]+`';

const RULES: readonly Rule[] = [
  // map-error.ts: credentials refused or asked for.
  [new RegExp(`^run ${COMMAND}$`), (button) => `use ${button}`],
  // credential-failure.ts, a sign-in the app keeps.
  [new RegExp(`^run ${COMMAND} to sign in again \\(or press Sign in again in the app\\)$`), (button) => `sign in again with ${button}`],
  // credential-failure.ts, an API key: the app's dialog stores it where the entry reads it.
  [new RegExp(`^store the right key .*, then run ${COMMAND} \\(or press "Enter API key" on its page in the app\\)$`), (button) => `enter the right key with ${button}`],
  // credential-failure.ts, credentials the program keeps itself: its entry changes first.
  [new RegExp(`, then run ${COMMAND}$`), (button) => `, then use ${button}`],
];

/** A pool's hint with the way to connect the service named as `button`, the screen's own. */
export function connectWith(hint: string, button: string): string {
  for (const [pattern, words] of RULES) {
    if (pattern.test(hint)) return hint.replace(pattern, () => words(button));
  }
  return hint;
}
