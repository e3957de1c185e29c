import type { Command } from 'commander';
import { AGENT_LISTING_BOUND, CONFIG_TARGETS, NAME_STYLES, TOOL_MODES, type AgentView, type NameStyleView, type ToolModeView } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { clientWithRoom } from '../../bridge';
import { closestWord } from '../../../shared/text';
import { printJson, table } from '../output';
import type { Run } from '../runner';
import { VAULT_WHEN_USED, type CliContext } from '../context';
import { CLIENT_HELP, FOR_ON_ADD_HELP, parseClientOnSet, parseForOnAdd, parseTarget, toolModeNotes, type ForOnAdd } from './agent-client-options';
import { parseChoice, parsePolicy, parseToolRule, type ToolRule } from './agent-option-parsers';
import { registerAgentConnect } from './agents-connect';
import { noteListedUnknownServers, noteUnknownServers } from './agent-unknown-servers';
import { registerAgentFind } from './agents-find';
import { removeFromClients } from './agents-remove';
import { explainAgentError } from './agent-not-found';
import { checkNewAgentName } from '../name-checks';
import { agentNames } from '../configured-names';
import { addServersOptions, parseServers, type ServersOption } from './agent-servers-option';
import { agentTokenInput, refusedTokenOption, tokenStdinOption, type AgentTokenOptions } from '../agent-token-input';

function rulesOf(agent: AgentView): string {
  const rules = Object.entries(agent.tools).flatMap(([server, tools]) => Object.entries(tools).map(([tool, decision]) => `${server}/${tool}=${decision}`));
  return rules.length === 0 ? '-' : rules.join(' ');
}

const NAMES_HELP = 'the names it sees: prefixed (<server>__<tool>, the default) or plain (each tool and prompt under its own name where none of its servers collide)';

function parseNames(value: string): NameStyleView {
  return parseChoice(value, NAME_STYLES, '--names');
}

/** An agent with plain names, and which names keep their prefix. */
function plainNamesLine(agent: AgentView): string {
  const kept = agent.keptPrefix ?? [];
  const which = agent.keptPrefix === undefined ? '' : kept.length === 0 ? '; none collide' : `; these keep their prefix because two of its servers offer them (or names that differ only in case): ${kept.join(', ')}`;
  return `${agent.name} sees each tool and prompt under its own name${which}.`;
}

const TOOL_MODE_HELP = `what its tool listing holds: ${TOOL_MODES.join(', ')} (all: every tool, a server listing past ${AGENT_LISTING_BOUND} searched instead; search: a search and call tools; auto: search once its tools pass a size)`;

function parseToolMode(value: string): ToolModeView {
  return parseChoice(value, TOOL_MODES, '--tool-mode');
}

const LIST_FOUND_HELP = 'while it searches, add the tools its searches find to its listing and tell its client (list_changed); for clients that refresh their tools';

const RESOURCE_TOOLS_HELP = 'also offer it list_resources, read_resource and get_prompt as tools, for clients that use tools only';

/** What an agent's table row does not show: its names and its resource tools. */
function notesOf(agent: AgentView): string[] {
  const notes: string[] = [];
  if (agent.names === 'plain') notes.push(plainNamesLine(agent));
  if (agent.resourceTools === true) notes.push(`${agent.name} is also offered list_resources, read_resource and get_prompt as tools.`);
  notes.push(...toolModeNotes(agent));
  if (agent.fromCode === true) notes.push(`${agent.name} is declared in a program's code: it is changed there, and its token is that program's.`);
  return notes;
}

function describe(agent: AgentView): string[] {
  return [
    agent.fromCode === true ? `${agent.name} (from code)` : agent.name,
    agent.servers === '*' ? 'all' : agent.servers.join(',') || '(none)',
    `read=${agent.policy.read} write=${agent.policy.write} destructive=${agent.policy.destructive}`,
    agent.protocol ?? '-',
    rulesOf(agent),
  ];
}

/**
 * A per-tool rule naming a server that is not configured (likely a typo, said as for `--servers`), or
 * a tool of a server that has not listed its tools yet, so the name went unchecked: the rule is kept.
 */
async function noteRuleTargets(ctx: CliContext, agent: string, rules: readonly ToolRule[]): Promise<void> {
  const api = (await ctx.core()).api;
  // As noteUnknownServers: an agent that is not there gets its error alone.
  if (rules.length === 0 || !(await api.listAgents({})).some((a) => a.name === agent)) return;
  const configured = (await api.status({})).servers.map((s) => s.name);
  for (const server of new Set(rules.map((rule) => rule.server).filter((name) => !configured.includes(name)))) {
    const meant = closestWord(server, configured);
    ctx.output.err(`note: no server named "${server}" is configured (yet); its --tool rule applies once one is added under that name.${meant === undefined ? '' : ` Did you mean ${meant}?`}`);
  }
  const unlisted = rules.filter((rule) => rule.decision !== null && configured.includes(rule.server));
  for (const server of new Set(unlisted.map((rule) => rule.server))) {
    if ((await api.listTools({ server }).catch(() => [])).length > 0) continue;
    const tools = unlisted.filter((rule) => rule.server === server).map((rule) => `"${rule.tool}"`);
    ctx.output.err(`note: "${server}" has not listed its tools here yet, so ${tools.join(', ')} could not be checked against them: \`connected-services tools ${server}\` lists them (a rule naming a tool it does not have never applies).`);
  }
}

export function registerAgents(program: Command, run: Run): void {
  const agents = program.command('agents').description('agents that may use the bridge: add, list, set, remove, rotate, config, find, and in a client: clients, connect, disconnect');

  const add = agents.command('add <name>').description('create an agent; its token is printed once (while the app runs: shown there once you confirm)');
  addServersOptions(add, 'servers it may use, comma-separated, or * for all (default: none)', 'no server yet (the default)')
    .option('--policy <pairs>', 'per tier: read=allow,write=ask,destructive=ask (allow, ask or deny)')
    .option('--for <client>', FOR_ON_ADD_HELP, parseForOnAdd)
    .option('--names <style>', NAMES_HELP, parseNames)
    .option('--resource-tools', RESOURCE_TOOLS_HELP)
    .option('--tool-mode <mode>', TOOL_MODE_HELP, parseToolMode)
    .option('--list-found', LIST_FOUND_HELP)
    .option('--json', 'print JSON')
    .action((name: string, options: { servers?: ServersOption; policy?: string; for?: ForOnAdd; names?: NameStyleView; resourceTools?: boolean; toolMode?: ToolModeView; listFound?: boolean; json?: boolean }) =>
      run(async (ctx) => {
        // A suggested name is never an agent's already; the names are read without opening a core, so a refused name changes nothing.
        await checkNewAgentName(name, () => agentNames(ctx));
        // Refused here, not after the person confirmed the add in the running app.
        if (options.for?.client !== undefined) clientWithRoom(name, options.for.client);
        if (options.listFound === true && options.toolMode !== 'search' && options.toolMode !== 'auto') {
          throw new CodedError('invalid_input', '--list-found adds the tools an agent finds by searching, and this agent would not search', {
            hint: 'Add --tool-mode search (or auto), or leave out --list-found',
          });
        }
        const api = (await ctx.core()).api;
        await noteUnknownServers(ctx, name, options.servers === undefined ? '*' : parseServers(options.servers, name, 'add'), 'add');
        const { agent, token } = await api.addAgent({
          name,
          ...(options.servers !== undefined ? { servers: parseServers(options.servers, name, 'add') } : {}),
          ...(options.policy !== undefined ? { policy: parsePolicy(options.policy) } : {}),
          ...(options.names !== undefined ? { names: options.names } : {}),
          ...(options.resourceTools === true ? { resourceTools: true } : {}),
          ...(options.toolMode !== undefined ? { toolMode: options.toolMode } : {}),
          ...(options.listFound === true ? { listFound: true } : {}),
          ...(options.for?.client !== undefined ? { client: options.for.client } : {}),
        });
        const target = options.for?.target;
        const config = target ? await api.agentConfig({ name, for: target, token }) : undefined;
        // The token is written raw: it is the one time the person can copy it.
        if (options.json) process.stdout.write(`${JSON.stringify({ agent, token, ...(config ? { config } : {}) }, null, 2)}\n`);
        else if (config) {
          // Only the configuration on stdout, so `> file` is a usable config; what the person reads goes to stderr.
          const inText = config.text.includes(token);
          ctx.output.err(`# Created agent ${agent.name}. ${inText ? 'Its token (shown only now) is in the configuration printed on stdout.' : 'Its token (shown only now):'}`);
          if (!inText) process.stderr.write(`#   ${token}\n`);
          ctx.output.err(`# Configuration for ${target ?? ''}${config.file ? ` (${config.file})` : ''}:`);
          for (const note of config.notes ?? []) ctx.output.err(`# ${note}`);
          process.stdout.write(`${config.text}\n`);
        } else {
          ctx.output.out(`Created agent ${agent.name}. Its token (shown only now):`);
          process.stdout.write(`  ${token}\n`);
          ctx.output.out(`Get a client configuration with: connected-services agents config "${agent.name}" --for claude-code --token-stdin (then paste the token)`);
        }
        if (!options.json && options.servers !== false && agent.servers !== '*' && agent.servers.length === 0) {
          ctx.output.err(`${agent.name} may use no server yet: give it some with \`connected-services agents set "${agent.name}" --servers NAME,…\` (or * for all).`);
        }
      }),
    );

  agents
    .command('list')
    .description('list agents (never their tokens)')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      run(async (ctx) => {
        const { api } = await ctx.core(VAULT_WHEN_USED);
        const list = await api.listAgents({});
        if (options.json) return printJson(ctx.output, list);
        if (list.length === 0) return ctx.output.out('No agents. Create one with `connected-services agents add NAME --servers *`.');
        for (const line of table([['AGENT', 'SERVERS', 'POLICY', 'MCP', 'TOOL RULES'], ...list.map(describe)])) ctx.output.out(line);
        for (const agent of list) for (const note of notesOf(agent)) ctx.output.out(note);
        await noteListedUnknownServers(ctx, api, list);
      }),
    );

  const set = agents.command('set <name>').description("change an agent's servers, tier policy or per-tool rules (its token stays)");
  addServersOptions(set, 'servers it may use, comma-separated, or * for all', 'no server at all (the empty list; its token and other settings stay)')
    .option('--policy <pairs>', 'per tier: read=allow,write=ask,destructive=ask (tiers not named stay)')
    .option('--tool <rule>', 'SERVER/TOOL=allow|ask|deny overrides the tier for one tool; =default removes the rule (repeatable)', parseToolRule, [])
    .option('--elicitation <choice>', "services' forms during its calls: allow (to the agent when its client can) or deny (always you)", (v) => parseChoice(v, ['allow', 'deny'] as const, '--elicitation'))
    .option('--sampling <choice>', "services' sampling requests: ask (you approve each) or deny", (v) => parseChoice(v, ['ask', 'deny'] as const, '--sampling'))
    .option('--roots <choice>', "folders for a service whose entry names none: allow (its client's, if it names any) or deny (none)", (v) => parseChoice(v, ['allow', 'deny'] as const, '--roots'))
    .option('--names <style>', NAMES_HELP, parseNames)
    .option('--resource-tools', RESOURCE_TOOLS_HELP)
    .option('--no-resource-tools', 'take those three tools away again')
    .option('--tool-mode <mode>', TOOL_MODE_HELP, parseToolMode)
    .option('--list-found', LIST_FOUND_HELP)
    .option('--no-list-found', 'list only the search and call tools again')
    .option('--for <client>', `the client its names are made to fit; ${CLIENT_HELP}; none (or "") forgets it`, parseClientOnSet)
    .option('--json', 'print JSON')
    .action((name: string, options: { servers?: ServersOption; policy?: string; tool: ToolRule[]; elicitation?: 'allow' | 'deny'; sampling?: 'ask' | 'deny'; roots?: 'allow' | 'deny'; names?: NameStyleView; resourceTools?: boolean; toolMode?: ToolModeView; listFound?: boolean; for?: ReturnType<typeof parseClientOnSet>; json?: boolean }) =>
      run(async (ctx) => {
        const asks = {
          ...(options.elicitation !== undefined ? { elicitation: options.elicitation } : {}),
          ...(options.sampling !== undefined ? { sampling: options.sampling } : {}),
          ...(options.roots !== undefined ? { roots: options.roots } : {}),
        };
        if (options.servers === undefined && options.policy === undefined && options.tool.length === 0 && Object.keys(asks).length === 0 && options.names === undefined && options.resourceTools === undefined && options.toolMode === undefined && options.listFound === undefined && options.for === undefined) {
          throw new CodedError('invalid_input', 'nothing to change', {
            hint: 'Give --[no-]servers, --policy, --tool, --elicitation, --sampling, --roots, --names, --[no-]resource-tools, --tool-mode, --[no-]list-found or --for (see `connected-services agents set --help`)',
          });
        }
        if (options.servers !== undefined) await noteUnknownServers(ctx, name, parseServers(options.servers, name, 'set'), 'set');
        await noteRuleTargets(ctx, name, options.tool);
        const api = (await ctx.core()).api;
        const agent = await api.updateAgent({
          name,
          ...(options.servers !== undefined ? { servers: parseServers(options.servers, name, 'set') } : {}),
          ...(options.policy !== undefined ? { policy: parsePolicy(options.policy) } : {}),
          ...(options.tool.length > 0 ? { tools: options.tool } : {}),
          ...(Object.keys(asks).length > 0 ? { asks } : {}),
          ...(options.names !== undefined ? { names: options.names } : {}),
          ...(options.resourceTools !== undefined ? { resourceTools: options.resourceTools } : {}),
          ...(options.toolMode !== undefined ? { toolMode: options.toolMode } : {}),
          ...(options.listFound !== undefined ? { listFound: options.listFound } : {}),
          ...(options.for !== undefined ? { client: options.for === 'none' ? null : options.for } : {}),
        }).catch((error: unknown) => explainAgentError(api, name, error));
        if (options.json) return printJson(ctx.output, agent);
        for (const line of table([['AGENT', 'SERVERS', 'POLICY', 'MCP', 'TOOL RULES'], describe(agent)])) ctx.output.out(line);
        for (const note of notesOf(agent)) ctx.output.out(note);
      }),
    );

  agents
    .command('remove <name>')
    .description('remove an agent; its token stops working at once')
    .option('--from-clients', "also remove its entries from the clients' user configurations (a backup kept)")
    .action((name: string, options: { fromClients?: boolean }) =>
      run(async (ctx) => {
        const api = (await ctx.core()).api;
        if (options.fromClients === true) await removeFromClients(api, name, ctx.output);
        // Only for the note below: a file read while another process writes it may be missed here.
        const holding = options.fromClients === true ? [] : (await api.listClients({})).filter((c) => c.agents.includes(name));
        await api.removeAgent({ name }).catch((error: unknown) => explainAgentError(api, name, error));
        ctx.output.out(`Removed ${name}.`);
        if (options.fromClients !== true && holding.length > 0) {
          ctx.output.err(`note: ${holding.map((c) => c.label).join(', ')} still ${holding.length === 1 ? 'has' : 'have'} an entry for ${name}, which no longer works. Remove it with \`connected-services agents disconnect ${name} --client ${holding[0]?.client ?? ''}\` (or remove agents with --from-clients).`);
        }
      }),
    );

  registerAgentConnect(agents, run);
  registerAgentFind(agents, run);

  agents
    .command('rotate <name>')
    .description('give an agent a new token; the old one stops working at once')
    .action((name: string) =>
      run(async (ctx) => {
        const { api } = await ctx.core();
        const { token } = await api.rotateAgent({ name }).catch((error: unknown) => explainAgentError(api, name, error));
        ctx.output.out(`New token for ${name} (shown only now):`);
        process.stdout.write(`  ${token}\n`);
      }),
    );

  agents
    .command('config <name>')
    .description('print a ready-to-paste configuration for a client')
    .option('--for <client>', `${CONFIG_TARGETS.join(', ')} (default: the client its names are made for, else claude-code)`, parseTarget)
    .addOption(refusedTokenOption())
    .addOption(tokenStdinOption())
    .action((name: string, options: { for?: ReturnType<typeof parseTarget> } & AgentTokenOptions) =>
      run(async (ctx) => {
        // Put in: --token-stdin, else CONNECTED_SERVICES_TOKEN, else a reference the client expands.
        const token = await agentTokenInput(options, ctx.env);
        // Computed here: the snippet names the programs as this shell's PATH finds them (a global install).
        const { api } = await ctx.core({ local: true });
        const config = await api.agentConfig({ name, ...(options.for ? { for: options.for } : {}), ...(token ? { token } : {}) }).catch((error: unknown) => explainAgentError(api, name, error));
        if (config.assumed !== undefined) ctx.output.err(`# for ${config.assumed} (another: --for ${CONFIG_TARGETS.join('|')})`);
        if (config.file) ctx.output.err(`# ${config.file}`);
        for (const note of config.notes ?? []) ctx.output.err(`# ${note}`);
        process.stdout.write(`${config.text}\n`);
      }),
    );
}
