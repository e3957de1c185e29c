import type { Command } from 'commander';
import type { PromptInfo, ResourceInfo, ToolInfo } from '../../../shared/api';
import type { Core } from '../../app';
import type { CliContext } from '../context';
import { printJson, table } from '../output';
import type { Run } from '../runner';

/** A server never inventoried is started once so the first listing is not empty; later ones read the cache. */
async function fetchMissingInventories(ctx: CliContext, core: Core, server: string | undefined, refresh: boolean): Promise<void> {
  const { servers } = await core.api.status({});
  const targets = servers.filter(
    (s) => (server === undefined || s.name === server) && s.enabled && s.approval !== 'pending' && (refresh || s.inventoryUpdatedAt === undefined),
  );
  for (const s of targets) {
    ctx.output.err(`fetching the inventory of ${s.name}…`);
    try {
      await core.api.connect({ name: s.name });
    } catch (error) {
      // One broken server must not hide the others' tools; `status` shows why.
      if (server !== undefined) throw error;
      ctx.output.err(`  ${s.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function oneLine(text: string | undefined, max = 100): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

interface ListOptions {
  json?: boolean;
  refresh?: boolean;
}

export function registerListings(program: Command, run: Run): void {
  program
    .command('tools [server]')
    .description('list tools (from the cached inventory; a server never seen is started once)')
    .option('--json', 'print JSON')
    .option('--refresh', 'start the servers and fetch their inventories now')
    .action((server: string | undefined, options: ListOptions) =>
      run(async (ctx) => {
        const core = await ctx.core();
        await fetchMissingInventories(ctx, core, server, options.refresh ?? false);
        const tools: ToolInfo[] = await core.api.listTools(server === undefined ? {} : { server });
        if (options.json) return printJson(ctx.output, tools);
        if (tools.length === 0) return ctx.output.out('No tools.');
        for (const line of table([['SERVER', 'TOOL', 'DESCRIPTION'], ...tools.map((t) => [t.server, t.name, oneLine(t.description)])])) ctx.output.out(line);
      }),
    );
  program
    .command('resources [server]')
    .description('list resources and resource templates')
    .option('--json', 'print JSON')
    .option('--refresh', 'start the servers and fetch their inventories now')
    .action((server: string | undefined, options: ListOptions) =>
      run(async (ctx) => {
        const core = await ctx.core();
        await fetchMissingInventories(ctx, core, server, options.refresh ?? false);
        const listing = await core.api.listResources(server === undefined ? {} : { server });
        if (options.json) return printJson(ctx.output, listing);
        const rows = [['SERVER', 'URI', 'NAME'], ...listing.resources.map((r: ResourceInfo) => [r.server, r.uri, oneLine(r.name)])];
        rows.push(...listing.templates.map((t) => [t.server, t.uriTemplate, `${oneLine(t.name)} (template)`]));
        if (rows.length === 1) return ctx.output.out('No resources.');
        for (const line of table(rows)) ctx.output.out(line);
      }),
    );
  program
    .command('prompts [server]')
    .description('list prompts')
    .option('--json', 'print JSON')
    .option('--refresh', 'start the servers and fetch their inventories now')
    .action((server: string | undefined, options: ListOptions) =>
      run(async (ctx) => {
        const core = await ctx.core();
        await fetchMissingInventories(ctx, core, server, options.refresh ?? false);
        const prompts: PromptInfo[] = await core.api.listPrompts(server === undefined ? {} : { server });
        if (options.json) return printJson(ctx.output, prompts);
        if (prompts.length === 0) return ctx.output.out('No prompts.');
        for (const line of table([['SERVER', 'PROMPT', 'DESCRIPTION'], ...prompts.map((p) => [p.server, p.name, oneLine(p.description)])])) ctx.output.out(line);
      }),
    );
}
