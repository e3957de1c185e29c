import type { RegistryInstallOptions, RegistryRow, RegistryState } from '../../../shared/api';
import { registryLabels } from '../../../shared/catalog';
import { revealMixedScript, terminalSafe } from '../../../shared/text';
import { table } from '../output';
import { entryWord, registryFlag } from './registry-hint';

/** A registry's description as one short cell: the whole is in `registry show`. */
const MAX_SHOWN = 72;

/** Registry text on one line: a line break in it could print a line that reads as one of ours (a warning, a `--package`). */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function short(text: string): string {
  const one = oneLine(text);
  return one.length <= MAX_SHOWN ? one : `${one.slice(0, MAX_SHOWN - 1)}…`;
}

/** What an entry can be installed as: its package kinds, then `remote` (shown as the catalog lists them). */
function kinds(row: RegistryRow): string {
  const all = [...new Set([...row.packages.map((p) => p.registryType), ...row.remotes.map((r) => (r === 'sse' ? 'remote (sse)' : 'remote'))])];
  return all.join(', ') || 'none';
}

/** Said beside an entry whose id or title could pass for another's (UTS #39), as `servers add` warns. */
function lookAlike(row: RegistryRow): string {
  if (row.mixedScripts !== undefined) return ' [mixes scripts]';
  if (row.readsAs !== undefined) return ` [reads as ${row.readsAs.join(', ')}]`;
  return '';
}

/** `registry search`: one row per match, best first, then how many there are and how to add one. */
export function searchLines(rows: readonly RegistryRow[], total: number, registries: readonly string[]): string[] {
  const labels = registryLabels(registries);
  const many = registries.length > 1;
  const head = ['ID', 'VERSION', ...(many ? ['REGISTRY'] : []), 'KINDS', 'WHAT IT IS'];
  const body = rows.map((row) => [
    revealMixedScript(row.name),
    row.version,
    ...(many ? [labels.get(row.registry) ?? row.registry] : []),
    kinds(row),
    `${row.status === 'deprecated' ? '(deprecated) ' : ''}${revealMixedScript(short(row.title !== undefined ? `${row.title}: ${row.description}` : row.description))}${lookAlike(row)}`,
  ]);
  const lines = table([head, ...body]);
  // With more than one registry an id may be listed twice: the row's registry keeps the one shown.
  const from = many ? ' --registry REGISTRY' : '';
  lines.push('', `${rows.length < total ? `The first ${rows.length} of ${total} matches` : `${total} ${total === 1 ? 'match' : 'matches'}`}. More of one: connected-services registry show ID${from}; add it: connected-services servers add NAME --from-registry ID${from}`);
  return lines.map((line) => terminalSafe(line));
}

/**
 * `registry show`: the entry, and each way to install it as `--package N` and `--remote N` count them
 * (from 1). `registry` is the label of the registry it is from, when more than one could be meant;
 * `latest` the catalog's version, when the one shown is another fetched from the registry (null when
 * the catalog has no entry of the id, as one published since its last refresh).
 */
export function showLines(row: RegistryRow, options: RegistryInstallOptions, registry?: string, latest?: string | null): string[] {
  const lines = [`${revealMixedScript(row.name)} ${row.version}${row.status === 'deprecated' ? ' (deprecated)' : ''}`];
  if (latest === null) lines.push("  Not in the catalog (as of its last refresh): this version was fetched from the registry.");
  else if (latest !== undefined) lines.push(`  Not the catalog's latest (${latest}): this version was fetched from the registry.`);
  if (row.title !== undefined) lines.push(`  ${revealMixedScript(oneLine(row.title))}`);
  lines.push(`  ${oneLine(row.description)}`);
  if (row.statusMessage !== undefined) lines.push(`  ${oneLine(row.statusMessage)}`);
  if (row.mixedScripts !== undefined) lines.push(`  warning: its id or title mixes ${row.mixedScripts.join(' and ')} letters within a word; check it is the server you mean`);
  if (row.readsAs !== undefined) lines.push(`  warning: its title reads the same as the title of ${row.readsAs.join(', ')}`);
  if (options.options.length === 0) lines.push('', 'It lists no package or remote to install.');
  for (const option of options.options) {
    const flag = 'package' in option.choice ? `--package ${option.choice.package + 1}` : `--remote ${option.choice.remote + 1}`;
    lines.push('', oneLine(`${flag}: ${option.label}${option.problem !== undefined ? ` (cannot be installed here: ${option.problem})` : ''}`));
    if (option.inputs.length > 0) lines.push('  Its inputs, each given as --input INPUT=VALUE (a secret one also as --input-secret INPUT=SECRET_NAME):');
    const rows = option.inputs.map((input) => {
      const traits = [input.isRequired ? 'required' : 'optional', ...(input.isSecret ? ['secret'] : []), ...(input.default !== undefined ? [`default ${input.default}`] : []), ...(input.choices ? [`one of ${input.choices.join('/')}`] : [])];
      return [`    ${oneLine(input.key)}`, oneLine(`${traits.join(', ')}${input.description !== undefined ? `: ${short(input.description)}` : ''}`)];
    });
    if (rows.length > 0) lines.push(...table(rows));
  }
  lines.push('', `Add it: connected-services servers add NAME --from-registry ${entryWord(row.name, row.version)}${registryFlag(registry)}`);
  return lines.map((line) => terminalSafe(line));
}

/** `registry refresh` and a search that fetched first: each registry's catalog as it now stands. */
export function stateLines(states: readonly RegistryState[]): string[] {
  const labels = registryLabels(states.map((s) => s.base));
  return states.map((state) => {
    const label = labels.get(state.base) ?? state.base;
    const skipped = state.skipped.invalid + state.skipped.hostile;
    const entries = `${state.entries} ${state.entries === 1 ? 'entry' : 'entries'}${skipped > 0 ? ` (${skipped} refused: invalid or hostile)` : ''}`;
    const failure = state.lastFailure !== undefined ? `; the last refresh failed: ${state.lastFailure.message}` : '';
    return terminalSafe(`${label}: ${entries}${failure}`);
  });
}
