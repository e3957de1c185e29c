import type { Command } from 'commander';
import { needsFirstStart, type PinKind, type PromptInfo, type ResourceInfo, type ToolInfo } from '../../../shared/api';
import type { Core } from '../../app';
import { VAULT_WHEN_USED, type CliContext } from '../context';
import { printJson, table } from '../output';
import { configError, explainServerError } from '../config-errors';
import type { Run } from '../runner';
import { connectServer, signInCore } from './connect-server';
import { CodedError, errorMessage, isCodedError } from '../../../shared/errors';
import { cutToColumns } from '../../../shared/text';
import { heldNotes } from './held-notes';
import { serverApprovalNote } from './server-approval-note';

/**
 * Terminal columns a padded column shows (a CJK character or an emoji takes two): one server's long
 * tool name must not widen every row (`--json` has it whole).
 */
export const MAX_COLUMN = 64;

/** Terminal columns of the last column (a description or a name): one line a terminal shows whole. */
const MAX_LAST_COLUMN = 100;

/** Cells of every column but the last (already one bounded line) cut to MAX_COLUMN; whether any was. */
function cutColumns(rows: string[][]): { rows: string[][]; cut: boolean } {
  let cut = false;
  const out = rows.map((row) =>
    row.map((cell, i) => {
      if (i === row.length - 1) return cell;
      const shown = cutToColumns(cell, MAX_COLUMN);
      if (shown !== cell) cut = true;
      return shown;
    }),
  );
  return { rows: out, cut };
}

/**
 * A server never inventoried is started once so the first listing is not empty; later ones read the cache.
 * `signIn`: one that needs a sign-in begins it as `connect` does; else it is said which command signs in.
 * `wanted`: only these servers (an agent's), so one it cannot use is never started for it.
 */
export async function fetchMissingInventories(
  ctx: CliContext,
  core: Core,
  server: string | undefined,
  refresh: boolean,
  signIn: boolean,
  wanted: (name: string) => boolean = () => true,
): Promise<void> {
  const { servers } = await core.api.status({});
  const targets = servers.filter((s) => (server === undefined || s.name === server) && wanted(s.name) && needsFirstStart(s, refresh));
  for (const s of targets) {
    ctx.output.err(`fetching the inventory of ${s.name}…`);
    try {
      await core.api.connect({ name: s.name, signIn: false }).catch((error: unknown) => {
        // Tried without a sign-in first: only a server that asks for one takes the person through it.
        if (!signIn || !isCodedError(error) || error.code !== 'auth_required') throw error;
        return connectServer(ctx, core, s.name, {});
      });
    } catch (error) {
      // One broken server must not hide the others' tools; `status` shows why.
      if (server !== undefined) throw error;
      ctx.output.err(`  ${s.name}: ${errorMessage(error)}`);
    }
  }
}

/** Why a server has nothing listed: its command or address waits for approval, or it is disabled. */
async function unlisted(core: Core, server: string | undefined): Promise<string[]> {
  const { servers } = await core.api.status({});
  return servers
    .filter((s) => server === undefined || s.name === server)
    .flatMap((s) =>
      !s.enabled
        ? [`${s.name} is disabled: connected-services servers enable ${s.name}`]
        : s.approval === 'pending'
          ? [serverApprovalNote(s)]
          : [],
    );
}

/** A named server that waits for approval has never listed anything: an error (exit 4, as `call`), not "No tools.". */
async function refuseAwaitingApproval(core: Core, server: string, what: string): Promise<void> {
  const status = (await core.api.status({})).servers.find((s) => s.name === server);
  if (status?.enabled !== true || status.approval !== 'pending') return;
  const waits = status.transport === 'stdio' ? 'its command waits' : 'sending its secrets to its address waits';
  throw new CodedError('denied', `"${server}" has not run yet, so its ${what} are not known: ${waits} for your approval`, {
    hint: `Review it, then run \`connected-services servers approve ${server}\``,
  });
}

function oneLine(text: string | undefined): string {
  return cutToColumns((text ?? '').replace(/\s+/g, ' ').trim(), MAX_LAST_COLUMN);
}

interface ListOptions {
  json?: boolean;
  refresh?: boolean;
}

interface Listing<T> {
  command: string;
  description: string;
  fetch: (core: Core, server: string | undefined) => Promise<T>;
  /** Table rows (header first), or null when there is nothing to show. */
  rows: (value: T) => string[][] | null;
  empty: string;
  /** The kinds it lists that are pinned: what waits for review is named, not missing in silence. */
  kinds: readonly PinKind[];
}

/** `tools`, `resources` and `prompts`: the same shape of command over a different listing. */
function registerListing<T>(program: Command, run: Run, listing: Listing<T>): void {
  program
    .command(`${listing.command} [server]`)
    .description(listing.description)
    .option('--json', 'print JSON')
    .option('--refresh', 'start the servers and fetch their inventories now')
    .action((server: string | undefined, options: ListOptions) =>
      run(async (ctx) => {
        // Only a person at a terminal, asking for one server, follows a sign-in: a script (or a listing of
        // every server) is told the command that signs in rather than left waiting on a browser.
        const signIn = ctx.interactive && server !== undefined;
        const core = signIn ? await signInCore(ctx, {}) : await ctx.core(VAULT_WHEN_USED);
        const value = await (async () => {
          await fetchMissingInventories(ctx, core, server, options.refresh ?? false, signIn);
          return listing.fetch(core, server);
        })().catch((error: unknown) => {
          // A named server that is not there: say why (not configured, or a broken mcp.json).
          if (server === undefined) throw error;
          return explainServerError(core.api, server, error);
        });
        // A broken mcp.json is not an empty one (as `servers list`): the last good listing, then the error.
        const issues = server === undefined ? (await core.api.status({})).configIssues : [];
        const rows = listing.rows(value);
        if (issues.length > 0 && (options.json || !rows)) throw configError(issues);
        // Nothing listed because it never ran is not a server that lists none (`call` is refused the same way).
        if (!rows && server !== undefined) await refuseAwaitingApproval(core, server, listing.command);
        if (options.json) return printJson(ctx.output, value);
        // A server that cannot be listed yet is named with the step that lists it, not left out in silence.
        const notes = options.json ? [] : await unlisted(core, server);
        // Best effort: a pin file that cannot be read is `servers review`'s to explain, not a reason to fail the listing.
        const held = await core.api.listHeldChanges(byServer(server)).catch(() => []);
        notes.push(...heldNotes(held, listing.kinds));
        const shown = rows ? cutColumns(rows) : undefined;
        if (!shown) ctx.output.out(listing.empty);
        else for (const line of table(shown.rows)) ctx.output.out(line);
        if (shown?.cut) notes.push(`names wider than ${MAX_COLUMN} columns are cut (…); --json shows them whole`);
        for (const note of notes) ctx.output.err(`note: ${note}`);
        if (issues.length > 0) throw configError(issues);
      }),
    );
}

const byServer = (server: string | undefined) => (server === undefined ? {} : { server });

export function registerListings(program: Command, run: Run): void {
  registerListing(program, run, {
    command: 'tools',
    description: 'list tools (from the cached inventory; a server never seen is started once)',
    fetch: (core, server): Promise<ToolInfo[]> => core.api.listTools(byServer(server)),
    rows: (tools) => (tools.length === 0 ? null : [['SERVER', 'TOOL', 'DESCRIPTION'], ...tools.map((t) => [t.server, t.name, oneLine(t.description)])]),
    empty: 'No tools.',
    kinds: ['tool'],
  });
  registerListing(program, run, {
    command: 'resources',
    description: 'list resources and resource templates',
    fetch: (core, server) => core.api.listResources(byServer(server)),
    rows: ({ resources, templates }) => {
      const rows = [
        ...resources.map((r: ResourceInfo) => [r.server, r.uri, oneLine(r.name)]),
        ...templates.map((t) => [t.server, t.uriTemplate, `${oneLine(t.name)} (template)`]),
      ];
      return rows.length === 0 ? null : [['SERVER', 'URI', 'NAME'], ...rows];
    },
    empty: 'No resources.',
    kinds: ['resource', 'resourceTemplate'],
  });
  registerListing(program, run, {
    command: 'prompts',
    description: 'list prompts',
    fetch: (core, server): Promise<PromptInfo[]> => core.api.listPrompts(byServer(server)),
    rows: (prompts) => (prompts.length === 0 ? null : [['SERVER', 'PROMPT', 'DESCRIPTION'], ...prompts.map((p) => [p.server, p.name, oneLine(p.description)])]),
    empty: 'No prompts.',
    kinds: ['prompt'],
  });
}
