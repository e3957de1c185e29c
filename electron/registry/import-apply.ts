import { IMPORT_SOURCES, type ImportReport, type ImportSource } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { caseTwin, freeName, isRecord, nestsIn, secretInUrl } from '../../shared/config';
import type { ImportContext } from './import-locations';
import { planImport, type ImportPlan } from './import-plan';
import { refuseOverTotal } from './server-total';
import { importCredentialFiles } from './import-credential-files';
import { skipKeptVariables } from './import-kept-variables';
import { moveSecrets, type SecretSink } from './import-secrets';
import { withLeftSecrets } from './import-left-secrets';

/**
 * Credential files named in the env of servers an import will add (as the merge decides): reported, or with `move` put into
 * the vault as `${secretFile:…}` (before literal secrets, which would otherwise take the path itself).
 */
export async function importCredentialFilesOf(
  plan: ImportPlan,
  existing: Readonly<Record<string, unknown>>,
  options: { sink: SecretSink | undefined; move: boolean; homeDir: string },
): Promise<NonNullable<ImportReport['credentialFiles']>> {
  const found: NonNullable<ImportReport['credentialFiles']> = [];
  const kept = keptNames(plan, existing);
  for (const candidate of plan.candidates) {
    if (!kept.has(candidate.name)) continue;
    const result = await importCredentialFiles(candidate.name, candidate.config, options);
    candidate.config = result.config;
    found.push(...result.found);
  }
  return found;
}

/**
 * Moves the literal secrets of the servers an import will add into the vault (before the config
 * that refers to them is written). Only those the merge adds: a skipped one's secret would be kept
 * for a server never added.
 */
export async function moveImportedSecrets(
  plan: ImportPlan,
  existing: Readonly<Record<string, unknown>>,
  sink: SecretSink | undefined,
  credentialFiles: NonNullable<ImportReport['credentialFiles']> = [],
): Promise<ImportReport['secrets']> {
  const moved: ImportReport['secrets'] = [];
  if (!sink) return moved;
  const kept = keptNames(plan, existing);
  for (const candidate of plan.candidates) {
    if (!kept.has(candidate.name)) continue;
    const keep = new Set(credentialFiles.filter((f) => f.server === candidate.name).map((f) => `env.${f.variable}`));
    const result = await moveSecrets(candidate.name, candidate.config, sink, keep);
    candidate.config = result.config;
    moved.push(...result.moved);
  }
  return moved;
}

/** Why the merge leaves `candidate` out of `servers`, or undefined when it adds it. */
function skipReason(candidate: ImportPlan['candidates'][number], servers: Readonly<Record<string, unknown>>): string | undefined {
  const as = candidate.name === candidate.originalName ? '' : ` (as "${candidate.name}")`;
  if (Object.hasOwn(servers, candidate.name)) return `already configured${as}`;
  // Imported before under the name it has there: the renamed one would be a second copy of it.
  if (candidate.originalName !== candidate.name && Object.hasOwn(servers, candidate.originalName)) return 'already configured';
  // Files are named after a server: on macOS and Windows the two would share them.
  const twin = caseTwin(Object.keys(servers), candidate.name);
  if (twin !== undefined) return `"${twin}" is configured, which differs only in case${as}`;
  // Its bridge names would take those of the configured `<name>__…` server's tools.
  const inner = Object.keys(servers).find((name) => nestsIn(name, candidate.name));
  if (inner !== undefined) return `"${inner}" is configured, whose tools' bridge names ("${inner}__…") would read as this server's${as}`;
  return undefined;
}

/** The names of the candidates a merge into `existing` would add: only their secrets move into the vault. */
export function keptNames(plan: ImportPlan, existing: Readonly<Record<string, unknown>>): Set<string> {
  const servers: Record<string, unknown> = { ...existing };
  const kept = new Set<string>();
  for (const candidate of plan.candidates) {
    if (skipReason(candidate, servers) !== undefined) continue;
    servers[candidate.name] = candidate.config;
    kept.add(candidate.name);
  }
  return kept;
}

/** Adds the planned servers to the raw entries of mcp.json, never overwriting one, and says what it did. */
export function mergeImport(plan: ImportPlan, servers: Record<string, unknown>, source: ImportSource, secrets: ImportReport['secrets']): ImportReport {
  const out: ImportReport = { source, files: plan.files, added: [], skipped: [...plan.skipped], secrets };
  for (const candidate of plan.candidates) {
    const reason = skipReason(candidate, servers);
    if (reason !== undefined) {
      out.skipped.push({ name: candidate.originalName, from: candidate.from, reason });
      continue;
    }
    servers[candidate.name] = candidate.config;
    out.added.push({ name: candidate.name, from: candidate.from });
    const inUrl = secretInUrl(candidate.config);
    if (inUrl !== undefined) (out.inClear ??= []).push({ server: candidate.name, field: 'url', reason: `the URL holds a secret in clear (${inUrl})` });
  }
  refuseOverTotal(Object.keys(servers).length - out.added.length, out.added.length, 'import');
  return out;
}

/** Whether two entries start the same server: the same URL, or the same command with the same args. */
function sameServer(a: unknown, b: unknown): boolean {
  if (!isRecord(a) || !isRecord(b)) return false;
  if (typeof a['url'] === 'string' || typeof b['url'] === 'string') return a['url'] === b['url'];
  const args = (entry: Record<string, unknown>): string => JSON.stringify(Array.isArray(entry['args']) ? entry['args'] : []);
  return typeof a['command'] === 'string' && a['command'] === b['command'] && args(a) === args(b);
}

/**
 * A server renamed to fit our names (`everything_` becomes `everything`) whose new name another
 * configured server holds: pointed at the configured copy of the same server, so importing again
 * skips it, or else given a free name (`everything-2`), since the two names differed in the source.
 */
export function placeRenamed(plan: ImportPlan, existing: Readonly<Record<string, unknown>>): void {
  const names = Object.keys(existing);
  for (const candidate of plan.candidates) {
    if (candidate.name === candidate.originalName) continue;
    const clash = names.some((name) => name.toLowerCase() === candidate.name.toLowerCase() || nestsIn(name, candidate.name));
    if (!clash) continue;
    const same = [candidate.name, ...names].find((name) => Object.hasOwn(existing, name) && sameServer(existing[name], candidate.config));
    const others = plan.candidates.filter((other) => other !== candidate).map((other) => other.name);
    candidate.name = same ?? freeName(candidate.name, [...names, ...others]);
  }
}

/**
 * The import planned and merged on a copy of mcp.json's entries: one from an unknown source, or past
 * the total bound, is refused before anything moves into the vault (or, while the app runs, before the person is asked).
 */
export async function planCheckedImport(
  source: ImportSource,
  importPath: string | undefined,
  ctx: ImportContext,
  existing: Readonly<Record<string, unknown>>,
  kept: readonly string[] = [],
): Promise<ImportPlan> {
  if (!(IMPORT_SOURCES as readonly string[]).includes(source)) {
    throw new CodedError('invalid_input', `Unknown import source "${String(source)}".`, { hint: `Use one of: ${IMPORT_SOURCES.join(', ')}.` });
  }
  const plan = await planImport(source, importPath, ctx);
  // Counted as the import counts them: an entry it leaves out is not one of the servers it adds.
  skipKeptVariables(plan, kept);
  placeRenamed(plan, existing);
  mergeImport(plan, { ...existing }, source, []);
  return plan;
}

/**
 * An import's file and secret moves and its merge, all decided on `servers` as read under mcp.json's
 * edit lock (call it there): a name another process adds meanwhile waits for the lock, so no secret
 * moves for a server the merge then skips.
 */
export async function applyImport(
  plan: ImportPlan,
  servers: Record<string, unknown>,
  source: ImportSource,
  options: { sink: SecretSink | undefined; move: boolean; homeDir: string; kept?: readonly string[] },
): Promise<ImportReport> {
  skipKeptVariables(plan, options.kept ?? []);
  placeRenamed(plan, servers);
  // Past the total bound it is refused here, before anything moves into the vault.
  mergeImport(plan, { ...servers }, source, []);
  const files = await importCredentialFilesOf(plan, servers, options);
  const moved = await moveImportedSecrets(plan, servers, options.sink, files);
  const merged = mergeImport(plan, servers, source, moved);
  return files.length > 0 ? { ...merged, credentialFiles: files } : merged;
}

/** The credential files an import from `source` would find, without writing anything (the CLI asks before moving them). */
export async function previewCredentialFiles(source: ImportSource, importPath: string | undefined, ctx: ImportContext): Promise<NonNullable<ImportReport['credentialFiles']>> {
  const plan = await planImport(source, importPath, ctx);
  return importCredentialFilesOf(plan, {}, { sink: undefined, move: false, homeDir: ctx.homeDir });
}

/**
 * An import whose moves into the vault are undone when it fails (mcp.json's write refused or failing):
 * each secret the sink created is deleted; one that already held the value stays, another entry may read it.
 */
export async function importWithUndo(
  sink: SecretSink | undefined,
  unsink: ((server: string, name: string) => Promise<void>) | undefined,
  run: (sink: SecretSink | undefined) => Promise<ImportReport>,
): Promise<ImportReport> {
  if (!sink) return run(undefined);
  const created: { server: string; name: string }[] = [];
  const tracked: SecretSink = (server, preferred, value) => sink(server, preferred, value, (name) => created.push({ server, name }));
  try {
    return await run(tracked);
  } catch (error) {
    // The import's own failure is what the person is told, with any secret whose delete failed too: it stays, unused.
    const left: { server: string; name: string }[] = [];
    for (const { server, name } of created) await unsink?.(server, name).catch(() => void left.push({ server, name }));
    throw left.length > 0 ? withLeftSecrets(error, left) : error;
  }
}
