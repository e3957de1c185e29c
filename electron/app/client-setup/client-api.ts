import { CONNECT_CLIENTS, type ApiInput, type AppApi, type ClientInfo, type ClientPlan, type ConnectClient } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { clientEntry, keepsTokenItself, type AgentStore, type StdioCommand } from '../../bridge';
import { entryNames } from './client-edit';
import { readClientFile } from './client-file';
import { clientContext, type ClientContext } from './client-home';
import { clientLocation } from './client-locations';
import { detectClient } from './detect-clients';
import { heldToken } from './held-token';
import { applyChange, entryName, inputId, planChange, type PlannedChange } from './client-writer';

export interface ClientApiOptions {
  agents: AgentStore;
  bridgeUrl: () => string;
  /** How a stdio client starts `bridge --stdio` (Claude Desktop). */
  stdioCommand?: () => StdioCommand;
  /** The home folder and environment; default this process's (HOME respected). */
  context?: () => ClientContext;
  now?: () => number;
}

type ClientMethods = Pick<AppApi, 'listClients' | 'planClientConnection' | 'connectClient' | 'disconnectClient'>;

/** Stands for the token in a plan: the token does not exist yet (connecting gives a new one), and is never shown. */
const PLANNED_TOKEN = 'connected-services-planned-token';

function notesFor(client: ConnectClient, rotates: boolean, agent: string): string[] {
  const notes: string[] = [];
  if (rotates) notes.push(`${agent} gets a new token: clients set up with its old token stop working until they are connected again.`);
  if (keepsTokenItself(client)) notes.push('VS Code asks for the token the first time it starts this server and keeps it in its secret storage; copy it from here when it asks.');
  else notes.push('The token is written into this file, which is yours alone (never a project file).');
  notes.push('Restart the client, or reload its MCP servers, to pick up the change.');
  return notes;
}

/** The App API's client setup: detect clients, show the diff, write or remove an agent's entry. */
export function createClientApi(options: ClientApiOptions): ClientMethods {
  const ctx = () => options.context?.() ?? clientContext();
  const now = () => options.now?.() ?? Date.now();
  const existing = (name: string) => {
    const agent = options.agents.get(name);
    if (!agent) throw new CodedError('not_found', `No agent named "${name}"`, { hint: 'See `connected-services agents list`' });
    return agent;
  };
  const entryFor = (client: ConnectClient, agent: string, token: string) =>
    clientEntry(client, keepsTokenItself(client) ? { reference: true } : { token }, {
      bridgeUrl: options.bridgeUrl(),
      inputId: inputId(agent),
      ...(options.stdioCommand ? { stdioCommand: options.stdioCommand() } : {}),
    });
  const checkedToken = (agent: string, token: string | undefined): string | undefined => {
    if (token === undefined) return undefined;
    if (options.agents.authenticate(token)?.name !== agent) {
      throw new CodedError('invalid_input', `that token does not belong to agent "${agent}"`, { hint: 'Leave the token out: connecting then gives the agent a new one' });
    }
    return token;
  };
  const fullPlan = (change: PlannedChange, rotates: boolean, removing: boolean): ClientPlan => {
    const client = change.plan.client;
    return { ...change.plan, rotates, tokenPlace: keepsTokenItself(client) ? 'client-secret-storage' : 'file', notes: removing ? ['Restart the client, or reload its MCP servers, to pick up the change.'] : notesFor(client, rotates, change.plan.agent) };
  };

  return {
    listClients: async () => {
      const context = ctx();
      const agents = options.agents.list().map((a) => a.name);
      const out: ClientInfo[] = [];
      for (const client of CONNECT_CLIENTS) {
        const where = clientLocation(client, context);
        const found = await detectClient(client, context);
        let held: string[] = [];
        try {
          const read = await readClientFile(where.file, context.home);
          const names = entryNames(read.text, client === 'vscode' ? 'servers' : 'mcpServers', where.jsonc, where.file);
          held = agents.filter((a) => names.includes(entryName(a)));
        } catch {
          // An unreadable or broken file holds no entry we can see; connecting says why.
        }
        out.push({ client, label: where.label, detected: found.detected, ...(found.evidence !== undefined ? { evidence: found.evidence } : {}), file: where.file, agents: held, tokenPlace: keepsTokenItself(client) ? 'client-secret-storage' : 'file' });
      }
      return out;
    },
    planClientConnection: async ({ agent, client, remove }: ApiInput<'planClientConnection'>) => {
      // Removing needs no agent: an entry left behind by a removed agent is removed the same way.
      if (remove === true) return fullPlan(await planChange(client, agent, { remove: true }, ctx()), false, true);
      existing(agent);
      const context = ctx();
      const held = await heldToken(agent, client, options.agents, context);
      return fullPlan(await planChange(client, agent, { connect: entryFor(client, agent, PLANNED_TOKEN), secrets: [PLANNED_TOKEN] }, context), held === undefined, false);
    },
    connectClient: async ({ agent, client, token, base }: ApiInput<'connectClient'>) => {
      existing(agent);
      const given = checkedToken(agent, token);
      const context = ctx();
      // Checked before the token changes: a file that cannot be written must not cost the agent its token.
      const trial = await planChange(client, agent, { connect: entryFor(client, agent, PLANNED_TOKEN), secrets: [PLANNED_TOKEN] }, context);
      if (base !== undefined && base !== trial.plan.base) {
        throw new CodedError('invalid_input', `${trial.plan.file} changed since its diff was shown`, { hint: 'Look at the new diff, then try again' });
      }
      const reused = given ?? (await heldToken(agent, client, options.agents, context));
      const secret = reused ?? (await options.agents.rotate(agent));
      const change = await planChange(client, agent, { connect: entryFor(client, agent, secret), secrets: [secret] }, context);
      const { backup } = await applyChange(change, trial.plan.base, now());
      return { plan: fullPlan(change, reused === undefined, false), ...(backup !== undefined ? { backup } : {}), ...(keepsTokenItself(client) ? { token: secret } : {}) };
    },
    disconnectClient: async ({ agent, client, base }: ApiInput<'disconnectClient'>) => {
      const change = await planChange(client, agent, { remove: true }, ctx());
      const { backup } = await applyChange(change, base, now());
      return { plan: fullPlan(change, false, true), ...(backup !== undefined ? { backup } : {}) };
    },
  };
}
