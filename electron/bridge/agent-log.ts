import type { DelayClock } from '../../shared/collections';
import { redact } from '../../shared/redact';
import { cutText, terminalSafe } from '../../shared/text';
import { AuditWindows } from './audit-windows';
import type { CallContext } from './call-context';

/** Lines of one agent's refused requests the log takes in a minute; the rest are counted into one line. */
export const AGENT_LINES_PER_WINDOW = 20;
/** Code points of an agent's own text (an SDK's message quoting its request) a log line keeps. */
export const MAX_AGENT_TEXT = 300;

/** What a line is about: a refused request, or a protocol error of the agent's connection (the SDK's `onerror`). */
type AgentLineKind = 'refused' | 'protocol';

interface AgentLine {
  agent: string;
  kind: AgentLineKind;
  line: string;
}

/** Each kind's summary, so a flood of protocol errors is not counted as refused requests. */
const COUNTED: Record<AgentLineKind, (counted: number) => string> = {
  refused: (counted) => `${counted} more of its requests were refused within a minute (not written one by one)`,
  protocol: (counted) => `${counted} more protocol errors of its connection within a minute (not written one by one)`,
};

/** Per log: its windows, per agent. */
const windowsOf = new WeakMap<CallContext['log'], AuditWindows<AgentLine>>();

/**
 * Text an agent wrote, as one bounded line of the log: redacted, cut, its controls shown as escapes
 * and its line breaks as `\n`, so it can neither pose as a line of another server nor grow the log by
 * megabytes. Redacted before it is cut: a known value cut short is no longer found by the log's redaction.
 */
export function agentText(text: string): string {
  return terminalSafe(cutText(redact(text), MAX_AGENT_TEXT)).replace(/\t/g, '\\t').replace(/\n/g, '\\n');
}

/** Per log, per kind and agent: the first AGENT_LINES_PER_WINDOW lines a minute, the rest counted into one line. */
function writeBounded(log: CallContext['log'], entry: AgentLine, clock: DelayClock | undefined): void {
  let windows = windowsOf.get(log);
  if (windows === undefined) {
    windows = new AuditWindows<AgentLine>({
      limit: AGENT_LINES_PER_WINDOW,
      write: (written) => log(written.line),
      summary: (first, counted) => ({ ...first, line: `agent "${first.agent}": ${COUNTED[first.kind](counted)}` }),
      ...(clock !== undefined ? { clock } : {}),
    });
    windowsOf.set(log, windows);
  }
  windows.add(entry.kind, entry.agent, entry);
}

/**
 * Writes a line about an agent's refused request: per agent, the first AGENT_LINES_PER_WINDOW a
 * minute, the rest counted into one line when the minute ends, so a loop of bad requests cannot flood
 * the log. `line` holds the agent's own text only through `agentText`.
 */
export function logForAgent(log: CallContext['log'], agent: string, line: string, clock?: DelayClock): void {
  writeBounded(log, { agent, kind: 'refused', line }, clock);
}

/** As logForAgent, for a protocol error of the agent's connection (a response to no request): a window of its own. */
export function logProtocolError(log: CallContext['log'], agent: string, line: string, clock?: DelayClock): void {
  writeBounded(log, { agent, kind: 'protocol', line }, clock);
}
