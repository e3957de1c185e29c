import type { Command } from 'commander';
import { MAX_FOUND_LIMIT, MAX_NEED_LENGTH, type ApiOutput } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { cutToColumns } from '../../../shared/text';
import { printJson, table, type Output } from '../output';
import type { Run } from '../runner';
import { explainAgentError } from './agent-not-found';
import { fetchMissingInventories } from './tools';


/** The need in the words given, refused here in the command's terms rather than the App API's. */
function needOf(words: readonly string[]): string {
  const need = words.join(' ').trim();
  if (need === '') throw new CodedError('invalid_input', 'The need is empty: say in words what the agent needs to do.', { hint: 'For example: connected-services agents find coder open an issue in a repository' });
  if (need.length > MAX_NEED_LENGTH) throw new CodedError('invalid_input', `The need is ${need.length} characters; search_tools takes at most ${MAX_NEED_LENGTH}.`, { hint: 'Say it in fewer words: an agent searches with a sentence, not a document.' });
  return need;
}

function foundLimit(value: string): number {
  if (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_FOUND_LIMIT) return Number(value);
  throw new CodedError('invalid_input', `--limit takes a whole number from 1 to ${MAX_FOUND_LIMIT}, not "${value.slice(0, 60)}"`, { hint: 'For example: --limit 10' });
}

function printFound(output: Output, agent: string, need: string, server: string | undefined, answer: ApiOutput<'findAgentTools'>): void {
  if (answer.nothingFits && server !== undefined && !answer.services.includes(server)) {
    output.out(`${agent} does not search the service "${server}": search_tools would answer that it has no such service.`);
    if (answer.services.length > 0) output.out(`The services it may search: ${answer.services.join(', ')}.`);
    return;
  }
  if (answer.nothingFits) {
    output.out(`Nothing fits "${cutToColumns(need, 80)}" for ${agent}: search_tools would tell it so.`);
    if (answer.services.length > 0) output.out(`The services it may search: ${answer.services.join(', ')} (narrow with --server).`);
    else output.out(`It may call no tool now: \`connected-services agents list\` shows its servers, \`connected-services status\` theirs.`);
    return;
  }
  const rows = answer.tools.map((t) => [t.name, t.server, t.tool, t.tier, t.approval === 'asked' ? 'asks you' : 'runs', cutToColumns(t.title ?? '', 60)]);
  for (const line of table([['NAME IT CALLS', 'SERVICE', 'TOOL', 'TIER', 'A CALL', 'TITLE'], ...rows])) output.out(line);
  if (answer.left > 0) output.out(`${answer.left} more found did not fit one answer of search_tools: other words or --server narrow it.`);
}

/** `agents find`: what an agent's search_tools answers for a need (issue #32), as the person checks it. */
export function registerAgentFind(agents: Command, run: Run): void {
  agents
    .command('find <name> <need...>')
    .description("what an agent's search finds for a need, best first, as search_tools would answer it, e.g. agents find coder open an issue")
    .option('--server <service>', 'only tools of this service')
    .option('--limit <n>', `how many tools at most (1-${MAX_FOUND_LIMIT}, default 5)`, foundLimit)
    .option('--json', 'print JSON')
    .action((name: string, words: string[], options: { server?: string; limit?: number; json?: boolean }) =>
      run(async (ctx) => {
        const need = needOf(words);
        const core = await ctx.core();
        const { api } = core;
        // The agent first: a typo must not start every server before it is said.
        const agent = (await api.listAgents({})).find((a) => a.name === name);
        if (agent === undefined) return explainAgentError(api, name, new CodedError('not_found', `No agent named "${name}"`, { hint: 'See `connected-services agents list`' }));
        const mayUse = (server: string): boolean => agent.servers === '*' || agent.servers.includes(server);
        // As `tools`: a server never listed is started once, or its tools could never be found.
        await fetchMissingInventories(ctx, core, options.server, false, false, mayUse);
        const answer = await api
          .findAgentTools({ agent: name, need, ...(options.server !== undefined ? { server: options.server } : {}), ...(options.limit !== undefined ? { limit: options.limit } : {}) })
          .catch((error: unknown) => explainAgentError(api, name, error));
        if (options.json) return printJson(ctx.output, answer);
        printFound(ctx.output, name, need, options.server, answer);
        // Outside search mode, whether it searches now: else the answer reads as what it does.
        if (answer.listingNow !== undefined) {
          const how = answer.searchesNow ? '' : ` \`agents set "${name}" --tool-mode search\` makes it search always.`;
          ctx.output.err(`note: ${answer.listingNow}${how}`);
        }
      }),
    );
}
