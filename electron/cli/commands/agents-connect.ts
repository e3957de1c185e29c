import type { Command } from 'commander';
import { AGENT_CLIENTS, CONFIG_TARGETS, CONNECT_CLIENTS, isConnectClient, notWrittenReason, type AgentClientId, type AppApi, type ClientInfo, type ClientPlan, type ConnectClient } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { closestWord } from '../../../shared/text';
import { printJson, table } from '../output';
import type { Run } from '../runner';
import type { CliContext } from '../context';
import { clientSuggestion } from './client-suggestions';
import { explainAgentError } from './agent-not-found';
import { agentTokenInput, refusedTokenOption, refuseTokenArgument, tokenStdinOption, type AgentTokenOptions } from '../agent-token-input';

/** Every client is named (shared/api/agent-clients.ts): Codex's TOML table is printed, an ACP agent's entries are refused with where they go. */
const CONNECT_CHOICES = CONFIG_TARGETS;
type ConnectChoice = ConnectClient | 'codex';
/** The `--client` help: what connect does for the clients it does not write. */
const UNWRITTEN_HELP = 'codex: its table printed, not written; acp: no file, `agents config --for acp` prints its entries';

/** A client's name; a word that names none is answered with those it likely meant (`curosr`, `claude`, `gemni`). */
function clientParser<C extends string>(choices: readonly C[]): (value: string) => C {
  return (value) => {
    const found = choices.find((client) => client === value.trim().toLowerCase());
    if (found !== undefined) return found;
    throw new CodedError('invalid_input', `--client takes ${choices.join(' or ')}, not "${value}"`, {
      hint: clientSuggestion('--client', value, choices) ?? `Give --client one of: ${choices.join(', ')}`,
    });
  };
}
const parseChoiceWord = clientParser(CONNECT_CHOICES);

/** Connect writes its clients and prints Codex's table; an ACP agent gets its servers per session, so there is nothing to connect. */
function parseConnectChoice(value: string): ConnectChoice {
  const client: AgentClientId = parseChoiceWord(value);
  if (isConnectClient(client) || client === 'codex') return client;
  const why = notWrittenReason(client) ?? 'it is not written here';
  throw new CodedError('invalid_input', `--client ${client}: ${why}`, { hint: `Give the ACP client the entries \`connected-services agents config AGENT --for ${client}\` prints` });
}

/** Disconnect writes only the clients connect writes: Codex's table was printed for the person, so they remove it. */
function parseDisconnectClient(value: string): ConnectClient {
  const client = parseConnectChoice(value);
  if (client !== 'codex') return client;
  throw new CodedError('invalid_input', 'Codex keeps its servers in ~/.codex/config.toml, which is not edited here: `agents connect --client codex` printed its table for you to add, and nothing removes it but you.', {
    hint: 'Remove the [mcp_servers.NAME] table of this agent from ~/.codex/config.toml, then restart Codex. `connected-services agents rotate NAME` makes the token it holds stop working.',
  });
}

/** Codex's table, printed for the person to add: nothing is written (a rewrite could lose what else the TOML file holds). */
async function printCodexEntry(ctx: CliContext, api: AppApi, name: string, options: { dryRun?: boolean; json?: boolean }): Promise<void> {
  const config = await api.agentConfig({ name, for: 'codex' }).catch((error: unknown) => explainAgentError(api, name, error));
  if (options.json) return printJson(ctx.output, { ...config, written: false });
  ctx.output.out('Add this to ~/.codex/config.toml (nothing is written: Codex keeps its settings in TOML, which is not edited here, so the rest of the file stays as you keep it):');
  for (const line of config.text.trimEnd().split('\n')) ctx.output.out(line);
  for (const note of config.notes ?? []) ctx.output.err(`note: ${note}`);
  ctx.output.err(options.dryRun === true ? 'Dry run: nothing was written.' : 'Restart Codex, with the variable set, to pick up the change.');
}

/**
 * After "holds no entry" on disconnect: the agent a typo most likely meant (never the name typed), or
 * the clients whose files hold this agent's entry.
 */
async function noteNoEntry(ctx: CliContext, api: AppApi, name: string, client: ConnectClient): Promise<void> {
  const agents = (await api.listAgents({})).map((agent) => agent.name);
  const clients = await api.listClients({});
  if (!agents.includes(name)) {
    const held = clients.find((c) => c.client === client)?.agents ?? [];
    const meant = closestWord(name, [...new Set([...held, ...agents])]);
    ctx.output.err(`note: no agent is named "${name}".${meant === undefined ? ' See `connected-services agents clients`.' : ` Did you mean ${meant}?`}`);
    return;
  }
  const elsewhere = clients.filter((c) => c.client !== client && c.agents.includes(name));
  if (elsewhere.length > 0) ctx.output.err(`note: ${name}'s entry is in ${elsewhere.map((c) => `${c.label} (--client ${c.client})`).join(', ')}.`);
}

/** A file with other names (hard links): the rename makes a new file, so they keep the old text. */
function noteHardLinks(ctx: CliContext, plan: ClientPlan, done: boolean): void {
  if (plan.hardLinks === undefined) return;
  ctx.output.err(`note: ${plan.file} has ${plan.hardLinks} names (hard links): ${done ? 'it was' : 'it would be'} written as a new file, and its other ${plan.hardLinks - 1 === 1 ? 'name keeps' : `${plan.hardLinks - 1} names keep`} the old text.`);
}

/** The diff, then what the person should know; secrets are never in it. */
function printPlan(ctx: CliContext, plan: ClientPlan, verb: string, dryRun: boolean): void {
  if (plan.unchanged) {
    ctx.output.out(`${plan.file} already ${verb === 'remove' ? 'holds no entry' : 'holds this entry'} for ${plan.agent}; nothing to change.`);
    return;
  }
  // A dry run does nothing: it says what would be done.
  ctx.output.out(plan.creates ? `${plan.file} does not exist yet; it ${dryRun ? 'would' : 'will'} be created:` : `Changes to ${plan.file}:`);
  for (const line of plan.diff.trimEnd().split('\n')) ctx.output.out(line);
}

/**
 * `agents clients --json`: every client (shared/api/agent-clients.ts), as the table names them: whether
 * its configuration is written here (else why not) and whether its prefix is known (else names are not fitted to it).
 */
function clientsJson(found: readonly ClientInfo[]): object[] {
  return AGENT_CLIENTS.map((client) => {
    const info = found.find((c) => c.client === client.id);
    const notWritten = notWrittenReason(client.id);
    return {
      ...(info ?? { client: client.id, label: client.label }),
      written: notWritten === undefined,
      ...(notWritten !== undefined ? { notWritten } : {}),
      prefixKnown: client.prefix !== null,
    };
  });
}

export function registerAgentConnect(agents: Command, run: Run): void {
  agents
    .command('clients')
    .description('the agent clients found for you, where each keeps its servers, and which agents each holds')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      run(async (ctx) => {
        const list = await (await ctx.core()).api.listClients({});
        if (options.json) return printJson(ctx.output, clientsJson(list));
        const rows = list.map((c) => [c.client, c.detected ? 'yes' : 'no', c.agents.join(',') || '-', c.file]);
        // Said, not left out: the clients whose configuration is not written here, and where it goes instead.
        const unwritten = AGENT_CLIENTS.filter((c) => !c.written).map((c) => [c.id, '-', '-', c.config === 'toml' ? 'not written (TOML): agents connect prints its table' : 'no file: agents config --for acp prints its entries']);
        rows.push(...unwritten);
        for (const line of table([['CLIENT', 'FOUND', 'AGENTS', 'USER CONFIGURATION'], ...rows])) ctx.output.out(line);
      }),
    );

  agents
    .command('connect <name>')
    .description("write the agent's entry into a client's user configuration (merged, a backup kept); the diff is printed first")
    .requiredOption('--client <client>', `${CONFIG_TARGETS.join(', ')} (${UNWRITTEN_HELP})`, parseConnectChoice)
    .option('--dry-run', 'print the diff only; write nothing')
    // The agent's current token: --token-stdin or CONNECTED_SERVICES_TOKEN; without either, the agent gets a new one.
    .addOption(refusedTokenOption())
    .addOption(tokenStdinOption())
    .option('--show-token', 'print the token for a client that asks for it (VS Code)')
    .option('--json', 'print JSON')
    .action((name: string, options: { client: ConnectChoice; dryRun?: boolean; showToken?: boolean; json?: boolean } & AgentTokenOptions) =>
      run(async (ctx) => {
        refuseTokenArgument(options);
        const api = (await ctx.core()).api;
        if (options.client === 'codex') return printCodexEntry(ctx, api, name, options);
        const client = options.client;
        const plan = await api.planClientConnection({ agent: name, client }).catch((error: unknown) => explainAgentError(api, name, error));
        if (options.dryRun === true) {
          if (options.json) return printJson(ctx.output, plan);
          printPlan(ctx, plan, 'connect', true);
          noteHardLinks(ctx, plan, false);
          if (plan.rotates) ctx.output.err(`note: ${name} would get a new token: clients set up with its old token would stop working until they are connected again.`);
          // The last note is to reload the client: after a dry run there is nothing to pick up.
          for (const note of plan.notes.slice(0, -1)) ctx.output.err(`note: ${note}`);
          return ctx.output.err('Dry run: nothing was written.');
        }
        const token = await agentTokenInput(options, ctx.env);
        if (!options.json) printPlan(ctx, plan, 'connect', false);
        const change = await api.connectClient({ agent: name, client, base: plan.base, ...(token ? { token } : {}) }).catch((error: unknown) => explainAgentError(api, name, error));
        if (options.json) return printJson(ctx.output, { ...change, ...(options.showToken === true ? {} : { token: undefined }) });
        ctx.output.out(change.plan.unchanged ? 'Nothing changed.' : `Wrote ${change.plan.file}${change.backup ? ` (the file as it was: ${change.backup})` : ''}.`);
        noteHardLinks(ctx, change.plan, true);
        if (change.plan.rotates) ctx.output.err(`note: ${name} has a new token; clients set up with its old token stop working until connected again.`);
        // Where the token went (the vault and the helper, the client's secret storage, or the file itself, and why).
        for (const note of change.plan.notes.slice(0, -1)) ctx.output.err(`note: ${note}`);
        if (change.token !== undefined) {
          if (options.showToken === true) process.stdout.write(`Token to paste when ${options.client} asks:\n  ${change.token}\n`);
          else ctx.output.err(`${options.client} asks for the token the first time it starts this server: run again with --show-token to print it (the agent then gets another new one).`);
        }
        ctx.output.err('Restart the client, or reload its MCP servers, to pick up the change.');
      }),
    );

  agents
    .command('disconnect <name>')
    .description("remove the agent's entry from a client's user configuration (a backup kept); other entries stay")
    .requiredOption('--client <client>', `${CONNECT_CLIENTS.join(', ')} (codex: remove its table by hand; acp: nothing written)`, parseDisconnectClient)
    .option('--dry-run', 'print the diff only; write nothing')
    .action((name: string, options: { client: ConnectClient; dryRun?: boolean }) =>
      run(async (ctx) => {
        const api = (await ctx.core()).api;
        const plan = await api.planClientConnection({ agent: name, client: options.client, remove: true });
        printPlan(ctx, plan, 'remove', options.dryRun === true);
        if (plan.unchanged) await noteNoEntry(ctx, api, name, options.client);
        if (options.dryRun === true) {
          noteHardLinks(ctx, plan, false);
          return ctx.output.err('Dry run: nothing was written.');
        }
        if (plan.unchanged) return;
        const change = await api.disconnectClient({ agent: name, client: options.client, base: plan.base });
        ctx.output.out(`Wrote ${change.plan.file}${change.backup ? ` (the file as it was: ${change.backup})` : ''}.`);
        noteHardLinks(ctx, change.plan, true);
      }),
    );
}
