import type { ApiInput, ApiMethod, AppApi } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import { refuseUnusableValue } from '../../../shared/vault';
import { refuseEntryTwin, refuseRemember } from '../../bridge';
import { serverNotConfigured } from '../../registry';

/** The methods that name a server that must be configured, and how to read its name. */
const SERVER_OF: Partial<Record<ApiMethod, (input: never) => string>> = {
  approveServer: (input: ApiInput<'approveServer'>) => input.name,
  updateServer: (input: ApiInput<'updateServer'>) => input.name,
  setServerEnabled: (input: ApiInput<'setServerEnabled'>) => input.name,
  disconnect: (input: ApiInput<'disconnect'>) => input.name,
  callTool: (input: ApiInput<'callTool'>) => input.server,
  readResource: (input: ApiInput<'readResource'>) => input.server,
  openApp: (input: ApiInput<'openApp'>) => input.server,
  getPrompt: (input: ApiInput<'getPrompt'>) => input.server,
};

/** The methods that name an agent that must exist. */
const AGENT_OF: Partial<Record<ApiMethod, (input: never) => string>> = {
  updateAgent: (input: ApiInput<'updateAgent'>) => input.name,
  rotateAgent: (input: ApiInput<'rotateAgent'>) => input.name,
  connectClient: (input: ApiInput<'connectClient'>) => input.agent,
};

/** The methods that write a secret's value: setSecret, setApiKey and setStoreSecret all refuse one holding NUL. */
const VALUE_WRITES: ReadonlySet<ApiMethod> = new Set<ApiMethod>(['setSecret', 'setApiKey', 'setStoreSecret']);

/** Whether an allow asks for "always allow" (decideApproval's own input, or decide's answer). */
function remembers(method: ApiMethod, input: unknown): boolean {
  if (method === 'decideApproval') {
    const { decision, remember } = input as ApiInput<'decideApproval'>;
    return decision === 'allow' && remember === true;
  }
  const { answer } = input as Extract<ApiInput<'decide'>, { kind: 'call' }>;
  return answer.decision === 'allow' && answer.remember === true;
}

/** Checks the door cannot make from the App API's lists alone. */
export interface RefuseNowChecks {
  /** What importConfig would refuse before writing (mcp.json's total among it): see import-check.ts. */
  importConfig?: (input: ApiInput<'importConfig'>) => Promise<void>;
  /** What addServer would refuse before writing, counted as the import counts: mcp.json's entries as written, invalid ones too. */
  addServer?: (input: ApiInput<'addServer'>) => Promise<void>;
  /** What updateServer would refuse before writing, from the entry alone (references that never resolve). */
  updateServer?: (input: ApiInput<'updateServer'>) => Promise<void>;
}

/**
 * What a widening asked from the command line would fail with anyway, said now instead of after the
 * person confirmed it (found by a try-out: `agents rotate nosuch` waited for confirmation, then
 * failed). Only what is certain from the app's own lists; the method itself still checks everything.
 */
export async function refuseNow(api: AppApi, method: ApiMethod, input: unknown, checks: RefuseNowChecks = {}): Promise<void> {
  // A value no server could be given is refused by the write itself: said before the person confirms it.
  if (VALUE_WRITES.has(method)) refuseUnusableValue((input as { value: string }).value);
  if (method === 'importConfig') await checks.importConfig?.(input as ApiInput<'importConfig'>);
  const server = SERVER_OF[method]?.(input as never);
  if (server !== undefined) {
    const names = (await api.status({})).servers.map((s) => s.name);
    if (!names.includes(server)) {
      throw serverNotConfigured(server);
    }
    if (method === 'updateServer') await checks.updateServer?.(input as ApiInput<'updateServer'>);
  }
  if (method === 'addServer') {
    const { name } = input as ApiInput<'addServer'>;
    const { servers } = await api.status({});
    if (servers.some((s) => s.name === name)) {
      throw new CodedError('invalid_input', redact(`A server named "${name}" is already configured`), { hint: `Choose another name, or change it with \`connected-services servers edit ${name}\`` });
    }
    await checks.addServer?.(input as ApiInput<'addServer'>);
  }
  const agent = AGENT_OF[method]?.(input as never);
  const agents = agent !== undefined || method === 'addAgent' ? (await api.listAgents({})).map((a) => a.name) : [];
  if (agent !== undefined && !agents.includes(agent)) {
    throw new CodedError('not_found', redact(`No agent named "${agent}"`), { hint: 'See `connected-services agents list`' });
  }
  if (method === 'addAgent') {
    const { name } = input as ApiInput<'addAgent'>;
    if (agents.includes(name)) {
      throw new CodedError('invalid_input', redact(`An agent named "${name}" already exists`), { hint: `Choose another name, or run \`connected-services agents rotate "${name}"\` for a new token` });
    }
    refuseEntryTwin(name, agents);
  }
  if (method === 'decideApproval' || (method === 'decide' && (input as ApiInput<'decide'>).kind === 'call')) {
    const { id } = input as { id: string };
    const waiting = (await api.listApprovals({})).find((a) => a.id === id);
    if (!waiting) {
      throw new CodedError('not_found', redact(`No call is waiting for approval under id "${id}"`), { hint: 'It may have been decided or timed out; see `connected-services approvals list`' });
    }
    if (remembers(method, input)) refuseRemember(waiting);
  }
}
