import { CodedError } from '../../shared/errors';
import type { CheckingThread } from './checking-thread';
import { checkingThread } from './checking-threads';

/** Timeouts a template may take before it is left out: one may be a busy machine or a sleeping laptop. */
const STRIKES = 2;
/** Templates remembered (each costs the agent two budgets of waiting); past it the oldest is forgotten. */
const REMEMBERED = 256;

/** Template text → its timeouts so far; at STRIKES it is not matched again (a server lists it anew to change it). */
const timeouts = new Map<string, number>();

function condemned(text: string): boolean {
  return (timeouts.get(text) ?? 0) >= STRIKES;
}

/** Counts one more timeout of `text`; true when that leaves it out. */
function struck(text: string): boolean {
  const count = (timeouts.get(text) ?? 0) + 1;
  // Re-inserted last, so the oldest entry is the one forgotten.
  timeouts.delete(text);
  timeouts.set(text, count);
  for (const oldest of timeouts.keys()) {
    if (timeouts.size <= REMEMBERED) break;
    timeouts.delete(oldest);
  }
  return count >= STRIKES;
}

/**
 * Which of a server's URI templates (RFC 6570) a URI matches, each matched in the checking thread
 * within its budget: the SDK matches with a regular expression, and `{+a}{+b}…` backtracks for
 * minutes on a URI of 40 characters. A match past the budget is refused (the agent's next read asks
 * again); a template past it a second time is left out from then on.
 * `inline` matches here, where no thread can start.
 */
export function templatesMatching(templates: readonly string[], uri: string, inline: (template: string) => boolean, thread: CheckingThread = checkingThread()): number[] {
  const usable = templates.map((text, index) => ({ text, index })).filter((t) => !condemned(t.text));
  if (usable.length === 0) return [];
  const asked = thread.ask<{ matches: number[] }>(() => ({ kind: 'templates', templates: usable.map((t) => t.text), uri }));
  if (asked === undefined) return usable.filter((t) => inline(t.text)).map((t) => t.index);
  if ('timedOut' in asked) {
    const slow = usable[asked.timedOut]?.text;
    const took = `matching the URI against a service's URI template took longer than ${thread.budgetMs / 1000} s`;
    if (slow !== undefined && struck(slow)) {
      throw new CodedError('timeout', `${took} twice; that template is no longer matched`, {
        hint: 'Read the URI again; if a listed resource or another template holds it, that one answers',
      });
    }
    throw new CodedError('timeout', `${took}; the machine may have been busy`, {
      hint: 'Read the URI again; if that template takes as long again, it is no longer matched',
    });
  }
  return asked.answer.matches.flatMap((i) => usable[i]?.index ?? []);
}
