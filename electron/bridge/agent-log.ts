import type { DelayClock } from '../../shared/collections';
import { cutText, terminalSafe } from '../../shared/text';
import { AuditWindows } from './audit-windows';
import type { CallContext } from './call-context';

/** Lines of one agent's refused requests the log takes in a minute; the rest are counted into one line. */
export const AGENT_LINES_PER_WINDOW = 20;
/** Code points of an agent's own text (an SDK's message quoting its request) a log line keeps. */
export const MAX_AGENT_TEXT = 300;

interface AgentLine {
  agent: string;
  line: string;
}

/** Per log: its windows, per agent. */
const windowsOf = new WeakMap<CallContext['log'], AuditWindows<AgentLine>>();

/**
 * Text an agent wrote, as one bounded line of the log: cut, its controls shown as escapes and its
 * line breaks as `\n`, so it can neither pose as a line of another server nor grow the log by megabytes.
 */
export function agentText(text: string): string {
  return terminalSafe(cutText(text, MAX_AGENT_TEXT)).replace(/\t/g, '\\t').replace(/\n/g, '\\n');
}

/**
 * Writes a line about an agent's refused request: per agent, the first AGENT_LINES_PER_WINDOW a
 * minute, the rest counted into one line when the minute ends, so a loop of bad requests cannot flood
 * the log. `line` holds the agent's own text only through `agentText`.
 */
export function logForAgent(log: CallContext['log'], agent: string, line: string, clock?: DelayClock): void {
  let windows = windowsOf.get(log);
  if (windows === undefined) {
    windows = new AuditWindows<AgentLine>({
      limit: AGENT_LINES_PER_WINDOW,
      write: (entry) => log(entry.line),
      summary: (first, counted) => ({ agent: first.agent, line: `agent "${first.agent}": ${counted} more of its requests were refused within a minute (not written one by one)` }),
      ...(clock !== undefined ? { clock } : {}),
    });
    windowsOf.set(log, windows);
  }
  windows.add('refused', agent, { agent, line });
}
