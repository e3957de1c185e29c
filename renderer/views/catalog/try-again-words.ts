import { poolHintWords, startAgainWith } from '../../lib';

const TRY_AGAIN = '“Try again”';

/**
 * An answer stream that ended unanswered while its tools were listed (not-event-stream.ts): the service
 * is gone with its log, and the checks find nothing to start; Try again adds it and lists them again.
 */
const ENDED_UNANSWERED = /^retry; if it keeps happening, check the service \(its log, or `connected-services doctor --live`, which starts it\)$/;

/**
 * The pool's hint on the failed step of Add service, saying "service". Not screenHint, which points to
 * a Logs tab, Edit and Restart on a page gone by now: here Try again adds it and starts it again.
 */
export function tryAgainWords(hint: string): string {
  return startAgainWith(poolHintWords(hint), TRY_AGAIN).replace(ENDED_UNANSWERED, `retry with ${TRY_AGAIN}; if it keeps happening, check the service`);
}
