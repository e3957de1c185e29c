import { redact } from '../redact';
import { cutText, revealHidden } from '../text';

/** How many code points of one key of a path a problem repeats: the keys are the person's own. */
const MAX_KEY = 100;

/**
 * A key as a problem names it: redacted before it is cut (a known value cut short is no longer
 * found in the message), cut, its quotes and backslashes escaped (a key `x"]: y` cannot end the
 * quotes it is shown in), its hidden characters escaped (a terminal shows the text).
 */
export const shownKey = (key: PropertyKey): string => revealHidden(cutText(redact(String(key)), MAX_KEY).replace(/["\\]/g, (c) => `\\${c}`));

/**
 * A field's path; a header's or variable's name in quotes (`headers["Authorization"]`): written bare
 * before a colon it reads as a credential's header (`headers.My Token: …`), and the redactor hides
 * the message after it.
 */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const [i, step] of path.entries()) {
    const parent = i > 0 ? path[i - 1] : undefined;
    if ((parent === 'headers' || parent === 'env') && typeof step === 'string') out += `["${shownKey(step)}"]`;
    else out += `${i > 0 ? '.' : ''}${shownKey(step)}`;
  }
  return out;
}
