import { CodedError } from '../../shared/errors';
import type { CheckingThread } from './checking-thread';
import { checkingThread } from './checking-threads';

/** Templates whose match took past the budget: not matched again (a server lists them anew to change them). */
const tooCostly = new Set<string>();

/**
 * Which of a server's URI templates (RFC 6570) a URI matches, each matched in the checking thread
 * within its budget: the SDK matches with a regular expression, and `{+a}{+b}…` backtracks for
 * minutes on a URI of 40 characters. A template past the budget is left out from then on, and this
 * match is refused (the others are asked again without it by the agent's next read).
 * `inline` matches here, where no thread can start.
 */
export function templatesMatching(templates: readonly string[], uri: string, inline: (template: string) => boolean, thread: CheckingThread = checkingThread()): number[] {
  const usable = templates.map((text, index) => ({ text, index })).filter((t) => !tooCostly.has(t.text));
  if (usable.length === 0) return [];
  const asked = thread.ask<{ matches: number[] }>(() => ({ kind: 'templates', templates: usable.map((t) => t.text), uri }));
  if (asked === undefined) return usable.filter((t) => inline(t.text)).map((t) => t.index);
  if ('timedOut' in asked) {
    const slow = usable[asked.timedOut]?.text;
    if (slow !== undefined) tooCostly.add(slow);
    throw new CodedError('timeout', `matching the URI against a service's URI template took longer than ${thread.budgetMs / 1000} s; that template is no longer matched`, {
      hint: 'Read the URI again; if a listed resource or another template holds it, that one answers',
    });
  }
  return asked.answer.matches.flatMap((i) => usable[i]?.index ?? []);
}
