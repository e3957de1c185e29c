import type { Command } from 'commander';
import type { AppApi, RegistryState } from '../../../shared/api';
import { indexRegistryRows, registryLabels, searchRegistry } from '../../../shared/catalog';
import { CodedError } from '../../../shared/errors';
import { closestWord, terminalSafe } from '../../../shared/text';
import type { Output } from '../output';
import { redactor } from '../../../shared/redact';
import type { Run } from '../runner';
import type { CliContext } from '../context';
import { wholeNumber } from '../whole-number';
import { searchLines, showLines, stateLines } from './registry-lines';
import { parseId } from './servers-from-registry';
import { chosenRegistry, listedElsewhere } from './registry-entry-find';
import { nonEmpty } from '../empty-values';
import { otherVersion } from './registry-version';
import { entryWord, registryFlag } from './registry-hint';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 1000;

function limitOf(text: string): number {
  const n = wholeNumber(text);
  if (n === undefined || n < 1 || n > MAX_LIMIT) throw new CodedError('invalid_input', `--limit takes a whole number from 1 to ${MAX_LIMIT}, not "${text}"`, { hint: 'For example: --limit 50' });
  return n;
}

/**
 * Public catalog text, printed as the registry wrote it: a pattern of the output's redaction reads
 * `"key": "NOTES_TOKEN"` or `API_KEY=…` in a description as a secret; only values we hold are hidden.
 */
function printCatalog(output: Output, lines: readonly string[]): void {
  const print = output.verbatim?.bind(output) ?? output.out.bind(output);
  for (const line of lines) print(redactor.removeKnown(line));
}

const asJson = (value: unknown): string[] => [JSON.stringify(redactor.removeKnown(value), null, 2)];

/** The catalog from the snapshots; fetched first when no registry has one yet (a first search). */
async function catalogOf(ctx: CliContext, api: AppApi, registry?: string): Promise<Awaited<ReturnType<AppApi['registryCatalog']>>> {
  const catalog = await api.registryCatalog({});
  if (catalog.registries.length === 0) {
    throw new CodedError('invalid_config', 'No MCP registry is configured (settings.registries is empty)', { hint: 'Add one to settings.registries in mcp.json, e.g. https://registry.modelcontextprotocol.io' });
  }
  // A --registry naming none configured is refused before a first fetch that may take a minute.
  if (registry !== undefined) chosenRegistry(catalog.registries, registry);
  if (catalog.registries.some((r) => r.fullSyncAt !== undefined)) return catalog;
  ctx.output.err("Fetching the registries' catalogs for the first time (this may take a minute)…");
  const { registries } = await api.refreshRegistries({});
  for (const line of stateLines(registries)) ctx.output.err(line);
  // An empty catalog here is the network's fault, not a search that found nothing.
  if (noneReached(registries)) throw unreachable();
  return api.registryCatalog({});
}

/** Every registry failed and none has a catalog from before. */
const noneReached = (registries: readonly RegistryState[]): boolean =>
  registries.length > 0 && registries.every((r) => r.lastFailure !== undefined && r.fullSyncAt === undefined);

const unreachable = (): CodedError =>
  new CodedError('server_unavailable', 'No registry could be reached; none has a catalog yet.', { hint: 'Check the network and settings.registries in mcp.json, then run it again' });

/** `registry search`, `registry show`, `registry refresh`: the MCP registries' catalog without the app's screens. */
export function registerRegistry(program: Command, run: Run): void {
  const registry = program.command('registry').description('the MCP registries\' catalog: search, show an entry, refresh');

  registry
    .command('search [words...]')
    .description('find entries whose id, title, description or package holds every word (all entries without words)')
    .option('--limit <n>', `how many to show (default ${DEFAULT_LIMIT})`, limitOf)
    .option('--json', 'print JSON')
    .action((words: string[], options: { limit?: number; json?: boolean }) =>
      run(async (ctx) => {
        const api = (await ctx.core()).api;
        const catalog = await catalogOf(ctx, api);
        const found = searchRegistry(indexRegistryRows(catalog.entries), words.join(' '), options.limit ?? DEFAULT_LIMIT);
        if (options.json) return printCatalog(ctx.output, asJson({ total: found.total, entries: found.rows }));
        if (found.total === 0) {
          const empty = catalog.entries.length === 0;
          throw new CodedError('not_found', empty ? 'The registries list no entries yet.' : `No entry holds ${words.map((w) => `"${w}"`).join(' and ')}.`, {
            hint: empty ? '`connected-services registry refresh` fetches their catalogs again' : 'Try fewer or other words, or `connected-services registry refresh` for entries added since',
          });
        }
        printCatalog(ctx.output, searchLines(found.rows, found.total, catalog.registries.map((r) => r.base)));
      }),
    );

  registry
    .command('show <id>')
    .description('an entry, ID[@VERSION], with each package and remote it can be installed as and the inputs each asks for')
    .option('--registry <name>', 'the registry whose entry to show when more than one lists it, named as `registry search` shows it or by its address', nonEmpty('--registry', '--registry registry.modelcontextprotocol.io'))
    .option('--json', 'print JSON')
    .action((raw: string, options: { json?: boolean; registry?: string }) =>
      run(async (ctx) => {
        const { id, version } = parseId(raw, { takes: '`registry show`', example: 'connected-services registry show' });
        const api = (await ctx.core()).api;
        const catalog = await catalogOf(ctx, api, options.registry);
        const chosen = options.registry === undefined ? undefined : chosenRegistry(catalog.registries, options.registry).base;
        const rows = catalog.entries.filter((e) => e.name === id && (chosen === undefined || e.registry === chosen));
        const row = rows.find((r) => version === undefined || r.version === version) ?? rows[0];
        const labels = registryLabels(catalog.registries.map((r) => r.base));
        // A command line suggested names the registry shown when another could be meant.
        const from = row !== undefined && (chosen !== undefined || rows.length > 1) ? (labels.get(row.registry) ?? row.registry) : undefined;
        if (version !== undefined && version !== row?.version) {
          // Outside the catalog (an older version, or an entry published since the last refresh):
          // fetched from the registries as `servers add … ID@VERSION` would fetch it.
          const unknown = catalog.entries.every((e) => e.name !== id);
          const meant = unknown ? closestWord(id, catalog.entries.map((e) => e.name)) : undefined;
          const other = await otherVersion(ctx, { id, version, registry: options.registry, listed: rows, meant, bases: catalog.registries.map((r) => r.base) });
          const shown = options.json === true ? asJson({ entry: other.row, ...other.install, catalogVersion: other.latest ?? null }) : showLines(other.row, other.install, other.from, other.latest ?? null);
          return printCatalog(ctx.output, shown);
        }
        if (row === undefined && chosen !== undefined) {
          // Only the registry named was looked in: say which, and which others list the id.
          const others = [...new Set(catalog.entries.filter((e) => e.name === id).map((e) => labels.get(e.registry) ?? e.registry))];
          if (others.length > 0) throw new CodedError('not_found', terminalSafe(`${labels.get(chosen) ?? chosen} has no entry ${id}.`), { hint: listedElsewhere(others) });
        }
        if (row === undefined) {
          const meant = closestWord(id, catalog.entries.map((e) => e.name));
          // The catalog is as of its last refresh: an entry published since is fetched by its version.
          const fetches = `\`connected-services registry show ${entryWord(id, 'VERSION')}${registryFlag(options.registry)}\` fetches that version from the ${chosen === undefined ? 'registries' : 'registry'}`;
          throw new CodedError('not_found', terminalSafe(`The ${chosen === undefined ? "registries'" : "registry's"} catalog has no entry ${id}.`), {
            hint: terminalSafe(`${meant !== undefined ? `Did you mean ${meant}? ` : '`connected-services registry search WORDS` finds entries. '}One published since the catalog was fetched shows after \`connected-services registry refresh\`, or ${fetches}`),
          });
        }
        // The others are said: the one shown is not the only entry of that id `servers add` weighs.
        if (rows.length > 1) {
          const others = rows.filter((r) => r !== row).map((r) => labels.get(r.registry) ?? r.registry);
          ctx.output.err(terminalSafe(`note: ${others.join(', ')} ${others.length === 1 ? 'lists' : 'list'} ${id} too; --registry NAME shows another registry's entry.`));
        }
        const install = await api.registryInstallOptions({ registry: row.registry, name: row.name });
        printCatalog(ctx.output, options.json === true ? asJson({ entry: row, ...install }) : showLines(row, install, from));
      }),
    );

  registry
    .command('refresh')
    .description("fetch the registries' catalogs again (new and changed entries)")
    .option('--full', 'page through every entry again, not only those changed since the last refresh')
    .action((options: { full?: boolean }) =>
      run(async (ctx) => {
        ctx.output.err("Fetching the registries' catalogs…");
        const { registries } = await (await ctx.core()).api.refreshRegistries(options.full === true ? { full: true } : {});
        for (const line of stateLines(registries)) ctx.output.out(line);
        // A registry that could not be reached is said above; the command fails only when none has a catalog.
        if (noneReached(registries)) throw unreachable();
      }),
    );
}
