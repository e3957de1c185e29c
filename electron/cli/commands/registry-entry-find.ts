import { registryLabels } from '../../../shared/catalog';
import { canonicalJson } from '../../../shared/config';
import { CodedError, errorMessage } from '../../../shared/errors';
import type { RegistryCatalogView, RegistryRow, RegistryState } from '../../../shared/api';
import { shellQuote, terminalSafe } from '../../../shared/text';
import { fetchServerVersion, loadSnapshot, lookAlikeNotes, type CheckedEntry } from '../../mcp-registry';
import type { CliContext } from '../context';
import { entryWord } from './registry-hint';

/** An entry's look-alike note (the catalog's, or its own for a version outside it). */
export type Note = Pick<RegistryRow, 'mixedScripts' | 'readsAs' | 'sameTitleAs'>;

/** An entry a registry answered with, and its look-alike note. */
interface Answer {
  entry: CheckedEntry;
  base: string;
  note: Note | undefined;
}

/** An entry found, its registry, and its look-alike note. */
export interface Found extends Answer {
  /** How many registries are configured. */
  registries: number;
  /** Its registry as `--registry` takes it (as `registry search` shows it). */
  label: string;
}

/** The registry `--registry` names: its label as `registry search` shows it, or its address. */
export function chosenRegistry(registries: readonly RegistryState[], name: string): RegistryState {
  const labels = registryLabels(registries.map((r) => r.base));
  const bare = (text: string): string => text.trim().replace(/\/+$/, '');
  // A label is a host name (and port), which has no case (RFC 4343); an address keeps its path's case.
  const found = registries.find((r) => labels.get(r.base)?.toLowerCase() === bare(name).toLowerCase() || bare(r.base) === bare(name));
  if (found !== undefined) return found;
  const known = registries.map((r) => labels.get(r.base) ?? r.base);
  throw new CodedError('invalid_input', `No registry "${terminalSafe(name.slice(0, 200))}" is configured.`, {
    hint: known.length > 0 ? `Give --registry one of: ${known.join(', ')} (or its address), as settings.registries in mcp.json lists them` : 'Add one to settings.registries in mcp.json, or leave out --registry',
  });
}

/** The hint when the registry `--registry` names lacks an id that `others` (their labels) list. */
export function listedElsewhere(others: readonly string[], what = 'it'): string {
  const which = others.length === 1 ? `the registry that lists ${what}` : `one of those that list ${what}`;
  return terminalSafe(`Name ${which} with --registry (${others.join(', ')}), or leave --registry out`);
}

/** What is installed from an entry: two registries listing it so offer the same thing. */
const installed = (entry: CheckedEntry): string => canonicalJson({ version: entry.server.version, packages: entry.server.packages ?? [], remotes: entry.server.remotes ?? [] });

/**
 * More than one registry answered for the id with entries that install different things: which one
 * is meant is the person's choice, never the order of settings.registries (a registry added later
 * could otherwise shadow or be shadowed by another one's entry of the same id).
 */
function refuseAmbiguous(answers: readonly Answer[], bases: readonly string[], id: string, version: string | undefined): void {
  if (new Set(answers.map((a) => installed(a.entry))).size <= 1) return;
  const labels = registryLabels(bases);
  const named = answers.map((a) => `${labels.get(a.base) ?? a.base} (${a.entry.server.version})`);
  const first = labels.get(answers[0]?.base ?? '') ?? answers[0]?.base ?? 'NAME';
  // A mirror a version behind differs by its version alone: naming one is then a way out too.
  const orVersion = version === undefined ? `, or a version with ${id}@VERSION` : '';
  throw new CodedError('invalid_input', terminalSafe(`${answers.length} registries list ${id}${version !== undefined ? `@${version}` : ''}, and their entries differ (version, packages or remotes): ${named.join(', ')}.`), {
    hint: terminalSafe(`Choose the registry with --registry NAME, e.g. --registry ${shellQuote(first)}${orVersion}; \`connected-services registry show ${entryWord(id, version)} --registry NAME\` shows each registry's entry`),
  });
}

/** The entry from the registries' snapshots, or fetched when a version not in them is asked for. */
export async function findEntry(ctx: CliContext, id: string, version: string | undefined, registry: string | undefined): Promise<Found> {
  const catalog = await (await ctx.core()).api.registryCatalog({});
  const chosen = registry === undefined ? catalog.registries : [chosenRegistry(catalog.registries, registry)];
  const bases = catalog.registries.map((r) => r.base);
  try {
    const found = await findIn(ctx, { ...catalog, registries: chosen }, id, version, bases);
    return { ...found, registries: catalog.registries.length, label: registryLabels(bases).get(found.base) ?? found.base };
  } catch (error) {
    const [only] = chosen;
    if (registry === undefined || only === undefined || !(error instanceof CodedError) || error.code !== 'not_found') throw error;
    // Only the registry named was asked: say which, and which others list the id (at that version).
    const labels = registryLabels(bases);
    const label = (base: string): string => labels.get(base) ?? base;
    const others = catalog.entries.filter((r, i, all) => r.name === id && r.registry !== only.base && all.findIndex((o) => o.name === id && o.registry === r.registry) === i);
    const elsewhere = others.length === 0 ? undefined : version === undefined ? listedElsewhere(others.map((r) => label(r.registry))) : await versionElsewhere(ctx, catalog.entries, others, version, label);
    const hint = elsewhere ?? error.hint;
    // `elsewhere` in the data: a caller wording its own not_found still says it.
    throw new CodedError('not_found', terminalSafe(`${label(only.base)} has no ${id}${version !== undefined ? `@${version}` : ''}.`), { ...(hint !== undefined ? { hint } : {}), ...(elsewhere !== undefined ? { data: { elsewhere: [elsewhere] } } : {}) });
  }
}

/**
 * The hint when the registry named lacks ID@VERSION: those of the others listing the id that have
 * the version (from their kept catalogs, else asked), or that none of them has it.
 */
async function versionElsewhere(ctx: CliContext, rows: RegistryCatalogView['entries'], others: readonly RegistryRow[], version: string, label: (base: string) => string): Promise<string> {
  const kept = await Promise.all(others.map((r) => keptEntry(ctx, rows, r.registry, r.name, version)));
  const fetched = await Promise.allSettled(others.map((r, i) => (kept[i] !== undefined ? Promise.resolve(undefined) : fetchServerVersion(fetch, r.registry, r.name, version))));
  const has: string[] = [];
  const said: string[] = [];
  for (const [i, row] of others.entries()) {
    const result = fetched[i];
    if (kept[i] !== undefined || (result?.status === 'fulfilled' && result.value !== undefined)) has.push(label(row.registry));
    else if (result?.status === 'fulfilled') said.push(`${label(row.registry)} has no ${row.name}@${version} either (its catalog shows ${row.version})`);
    else said.push(errorMessage(result?.reason).replace(/\.$/, ''));
  }
  if (has.length > 0) return listedElsewhere(has, `${others[0]?.name ?? ''}@${version}`);
  return terminalSafe(`${said.join('; ')}.`);
}

/** The entry as a registry's kept catalog shows it, when that is the version asked for. */
async function keptEntry(ctx: CliContext, rows: RegistryCatalogView['entries'], base: string, id: string, version: string | undefined): Promise<Answer | undefined> {
  const row = rows.find((r) => r.registry === base && r.name === id);
  if (row === undefined || (version !== undefined && row.version !== version)) return undefined;
  const shown = (await loadSnapshot(ctx.dataDir, base))?.entries.find((e) => e.server.name === id && e.server.version === row.version);
  return shown && { entry: shown, base, note: { mixedScripts: row.mixedScripts, readsAs: row.readsAs, sameTitleAs: row.sameTitleAs } };
}

/**
 * Every registry asked answers (its snapshot when it shows the version, else fetched): more than one
 * answer is refused unless they install the same thing.
 */
async function findIn(ctx: CliContext, catalog: RegistryCatalogView, id: string, version: string | undefined, bases: readonly string[]): Promise<Answer> {
  const { registries, entries: rows } = catalog;
  // The catalog's rows carry the notes the core computed; a fetched version is judged against them.
  const fetchedNote = (entry: CheckedEntry): Note | undefined =>
    lookAlikeNotes([{ name: entry.server.name, title: entry.server.title }, ...rows])[0];
  // A registry whose catalog lists the id answers for it: another one, even first in the list, is not
  // asked for an entry it does not list (it could answer with a package of its own under that id).
  const listing = registries.filter(({ base }) => rows.some((r) => r.registry === base && r.name === id));
  const answers: Answer[] = [];
  // A registry that cannot be reached leaves the others to ask; one that answered with another
  // entry (or one not to install) is said as such if no other registry has it.
  let refused: Error | undefined;
  const unreachable: string[] = [];
  const asked = listing.length > 0 ? listing : registries;
  // From the kept catalogs first; a snapshot that cannot be read is no registry's answer (thrown).
  const kept = await Promise.all(asked.map(({ base }) => keptEntry(ctx, rows, base, id, version)));
  // The others are asked at once, each within its own time limit (two slow registries cost one
  // wait, not two); their answers are weighed in settings.registries' order all the same.
  const fetched = await Promise.allSettled(asked.map(({ base }, i) => (kept[i] !== undefined ? Promise.resolve(undefined) : fetchServerVersion(fetch, base, id, version ?? 'latest'))));
  for (const [i, { base }] of asked.entries()) {
    const [shown, result] = [kept[i], fetched[i]];
    if (shown !== undefined) answers.push(shown);
    else if (result?.status === 'fulfilled') {
      if (result.value) answers.push({ entry: result.value, base, note: fetchedNote(result.value) });
    } else if (result?.reason instanceof CodedError && result.reason.code === 'server_unavailable') unreachable.push(result.reason.message);
    else if (result !== undefined) refused ??= result.reason instanceof Error ? result.reason : new Error(String(result.reason));
  }
  const [first] = answers;
  if (first !== undefined) {
    refuseAmbiguous(answers, bases, id, version);
    // A registry that did not answer might list the id otherwise: which one answered is said.
    const unanswered = [...unreachable, ...(refused !== undefined ? [refused.message] : [])];
    if (unanswered.length > 0) ctx.output.err(terminalSafe(`note: ${unanswered.join(' ')} The entry is the one ${registryLabels(bases).get(first.base) ?? first.base} lists.`));
    return first;
  }
  if (refused !== undefined) throw refused;
  // None could be asked: that is no answer that the id is missing.
  if (unreachable.length > 0 && unreachable.length === asked.length) {
    throw new CodedError('server_unavailable', terminalSafe(unreachable.join(' ')), { hint: 'Check the network and settings.registries in mcp.json, then run it again' });
  }
  throw new CodedError('not_found', `No registry has ${id}${version !== undefined ? `@${version}` : ''}.`, {
    hint: `Check the id as the registry names it (e.g. io.github.owner/name): \`connected-services registry search WORDS\` finds it, as the app's Services screen does.${unreachable.length > 0 ? ` ${unreachable.join(' ')}` : ''}`,
    // The registries not asked: a caller wording its own not_found still says them.
    ...(unreachable.length > 0 ? { data: { unreachable } } : {}),
  });
}
