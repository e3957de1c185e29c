import type { AdminEntry, AgentView, ApiInput, ApiMethod } from '../../../shared/api';
import type { AgentsFileEdit, AgentStore } from '../../bridge';
import { shownInput, summarize } from '../admin/admin-summary';
import type { AdminRecorder } from '../door/api-door';
import { powerOf } from '../door/method-powers';
import { agentSettingsView } from './agent-view';
import { readSeen, writeSeen } from './agents-seen';

type UpdateInput = ApiInput<'updateAgent'>;
type Change = { method: 'addAgent' | 'removeAgent' | 'rotateAgent' | 'updateAgent'; input: UpdateInput | { name: string } };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const serverSet = (servers: AgentView['servers']): string => (servers === '*' ? '*' : JSON.stringify([...servers].sort()));

/** Every per-tool rule whose decision differs (`null`: removed). */
function toolChanges(before: AgentView['tools'], after: AgentView['tools']): NonNullable<UpdateInput['tools']> {
  const out: NonNullable<UpdateInput['tools']> = [];
  for (const server of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = Object.hasOwn(before, server) ? (before[server] ?? {}) : {};
    const now = Object.hasOwn(after, server) ? (after[server] ?? {}) : {};
    for (const tool of new Set([...Object.keys(was), ...Object.keys(now)])) {
      const decision = Object.hasOwn(now, tool) ? (now[tool] ?? null) : null;
      if ((Object.hasOwn(was, tool) ? was[tool] : null) !== decision) out.push({ server, tool, decision });
    }
  }
  return out;
}

/** The change from one agent's settings to another's, as `updateAgent` would make it: only what differs. */
export function settingsChange(before: AgentView, after: AgentView): UpdateInput {
  const change: UpdateInput = { name: after.name };
  if (serverSet(before.servers) !== serverSet(after.servers)) change.servers = after.servers;
  const policy = Object.fromEntries((['read', 'write', 'destructive'] as const).filter((t) => before.policy[t] !== after.policy[t]).map((t) => [t, after.policy[t]]));
  if (Object.keys(policy).length > 0) change.policy = policy;
  const tools = toolChanges(before.tools, after.tools);
  if (tools.length > 0) change.tools = tools;
  const asks = Object.fromEntries((['elicitation', 'sampling', 'roots'] as const).filter((k) => before.asks?.[k] !== after.asks?.[k]).map((k) => [k, after.asks?.[k]]));
  if (Object.keys(asks).length > 0) change.asks = asks;
  if (before.names !== after.names) change.names = after.names ?? 'prefixed';
  if (before.resourceTools !== after.resourceTools) change.resourceTools = after.resourceTools === true;
  if (before.toolMode !== after.toolMode) change.toolMode = after.toolMode ?? 'all';
  if (before.listFound !== after.listFound) change.listFound = after.listFound === true;
  if (!same(before.client, after.client)) change.client = after.client ?? null;
  return change;
}

/** What an edit of agents.json did, agent by agent, as the App API calls that would have done it. */
export function fileChanges(edit: AgentsFileEdit): Change[] {
  const before = new Map(edit.before.map((a) => [a.name, agentSettingsView(a)]));
  const after = new Map(edit.after.map((a) => [a.name, agentSettingsView(a)]));
  const changes: Change[] = [];
  for (const name of before.keys()) if (!after.has(name)) changes.push({ method: 'removeAgent', input: { name } });
  for (const [name, now] of after) {
    const was = before.get(name);
    if (was === undefined) {
      const { createdAt: _created, asks, ...settings } = now;
      changes.push({ method: 'addAgent', input: { ...settings, tools: toolChanges({}, now.tools), ...(asks ? { asks } : {}) } });
      continue;
    }
    if (edit.newToken.includes(name)) changes.push({ method: 'rotateAgent', input: { name } });
    const change = settingsChange(was, now);
    if (Object.keys(change).length > 1) changes.push({ method: 'updateAgent', input: change });
  }
  return changes;
}

/**
 * The admin entries for an edit: each change decided widening or narrowing as a command's would be
 * (method-powers.ts) against the agents before it, a widening kept for the person to review.
 * `closed`: found at the app's start, made while no app ran.
 */
export async function fileEditEntries(edit: AgentsFileEdit, closed = false): Promise<Omit<AdminEntry, 'id' | 'time'>[]> {
  const before = new Map(edit.before.map((a) => [a.name, agentSettingsView(a)]));
  const context = { agent: (name: string) => Promise.resolve(before.get(name)), sessionSettings: () => Promise.reject(new Error('not an agent change')) };
  const entries: Omit<AdminEntry, 'id' | 'time'>[] = [];
  for (const { method, input } of fileChanges(edit)) {
    const power = await powerOf(method as ApiMethod, input as ApiInput<ApiMethod>, context);
    entries.push({
      who: 'file',
      method,
      summary: `agents.json was edited outside the app${closed ? ' while no app ran' : ''}: ${summarize(method, input)}`,
      input: shownInput(method, input),
      outcome: 'ok',
      ...(power === 'widening' ? { review: true } : {}),
    });
  }
  return entries;
}

/**
 * Writes each edit of agents.json the store finds (not made by this product's code, which logs its
 * own) to the admin log: at start, one made while no app ran (against what the app last held,
 * agents-seen.ts), then each one while it runs. What the app holds is noted after each change.
 */
export function recordAgentsFileEdits(agents: AgentStore, admin: AdminRecorder, log: (line: string) => void): (() => void) & { settled(): Promise<void> } {
  let order = Promise.resolve();
  const queue = (work: () => Promise<void>): void => {
    order = order.then(work).catch((error: unknown) => log(`recording an edit of agents.json failed: ${String(error)}`));
  };
  const record = async (edit: AgentsFileEdit, closed: boolean): Promise<void> => {
    for (const entry of await fileEditEntries(edit, closed)) admin.record(entry);
  };
  // Noted once it is logged: the next start compares with it, so nothing is told twice.
  const noteHeld = (): Promise<void> => writeSeen(agents.file, agents.since().text);
  queue(async () => {
    const { edit } = agents.since(readSeen(agents.file));
    if (edit !== undefined) await record(edit, true);
    await noteHeld();
  });
  const offEdited = agents.on('edited', (edit) => queue(() => record(edit, false).then(noteHeld)));
  const offChange = agents.on('change', () => queue(noteHeld));
  const stop = (): void => {
    offEdited();
    offChange();
  };
  return Object.assign(stop, { settled: () => order });
}
