import type { PendingApproval } from './bridge-views';

/**
 * The words the status strip and the tray both say, so the window and the menu never disagree:
 * the bridge, what waits for the person, and how many.
 */
export const BRIDGE_OPEN = 'Bridge open to your agents';
export const BRIDGE_PAUSED = "Bridge paused: agents' calls are refused";
export const NOTHING_WAITS = 'Nothing waits for you';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What a held call waits to do, by its kind: the strip, Activity and the tray say the same. */
export const WAITS_TO: Record<PendingApproval['kind'], string> = { tool: 'waits to call', resource: 'waits to read the resource', prompt: 'waits to get the prompt' };

/** " on files", or for the bridge's own tool (search_tools: no service) " of Connected Services". */
export function whereCalled(pending: Pick<PendingApproval, 'server'>): string {
  return pending.server === '' ? ' of Connected Services' : ` on ${pending.server}`;
}

/** "claude waits to call delete_file on files". */
export function waitsToCall(pending: Pick<PendingApproval, 'agent' | 'kind' | 'tool' | 'server'>): string {
  return `${pending.agent} ${WAITS_TO[pending.kind]} ${pending.tool}${whereCalled(pending)}`;
}

/** "2 calls wait for you". */
export function callsWaiting(n: number): string {
  return `${plural(n, 'call waits', 'calls wait')} for you`;
}

/** "1 question from services waiting for you". */
export function questionsWaiting(n: number): string {
  return `${plural(n, 'question', 'questions')} from services waiting for you`;
}
