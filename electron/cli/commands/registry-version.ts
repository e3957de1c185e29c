import type { RegistryInstallOptions, RegistryRow } from '../../../shared/api';
import { registryLabels } from '../../../shared/catalog';
import { CodedError } from '../../../shared/errors';
import { terminalSafe } from '../../../shared/text';
import { installOptions, rowOf } from '../../mcp-registry';
import type { CliContext } from '../context';
import { findEntry } from './registry-entry-find';
import { entryWord, registryFlag } from './registry-hint';

/** A version the catalog does not show, fetched from its registry, and the catalog's latest beside it. */
export interface OtherVersion {
  row: RegistryRow;
  install: RegistryInstallOptions;
  /** The registry's label for the command lines suggested, when another could be meant. */
  from: string | undefined;
  /** The version the catalog shows for the id at that registry; undefined when it lists no such id. */
  latest: string | undefined;
}

/** What `registry show ID@VERSION` asks for, and what the catalog knows of the id. */
export interface VersionAsked {
  id: string;
  version: string;
  /** The registry `--registry` names, if any. */
  registry: string | undefined;
  /** The catalog's rows of the id (of the registry named, if any). */
  listed: readonly RegistryRow[];
  /** An id of the catalog likely meant, when it lists none of this one. */
  meant?: string | undefined;
  /** Every registry configured: each is named as `--registry` takes it only among them all (two on one host). */
  bases: readonly string[];
}

/**
 * `registry show ID@VERSION` for a version outside the catalog (or an id it does not list, as one
 * published since its last refresh): fetched as `servers add --from-registry ID@VERSION` fetches it
 * (the same registries asked, the same refusals), so what is shown is what would be added.
 */
export async function otherVersion(ctx: CliContext, asked: VersionAsked): Promise<OtherVersion> {
  const { id, version, registry, listed } = asked;
  let found: Awaited<ReturnType<typeof findEntry>>;
  try {
    found = await findEntry(ctx, id, version, registry);
  } catch (error) {
    if (error instanceof CodedError && error.code === 'not_found') throw unknownVersion(asked, error);
    throw error;
  }
  const { entry, base, note, label } = found;
  const row: RegistryRow = { ...rowOf(base, entry), ...note };
  const install = { name: entry.server.name, version: entry.server.version, options: installOptions(entry.server) };
  const latest = listed.find((r) => r.registry === base)?.version ?? listed[0]?.version;
  return { row, install, from: registry !== undefined || listed.length > 1 ? label : undefined, latest };
}

/** A string list findEntry's not_found carries in its data (the registries not asked, those holding the version). */
const dataList = (error: CodedError, key: string): string[] => {
  const listed = error.data?.[key];
  return Array.isArray(listed) ? listed.filter((m): m is string => typeof m === 'string') : [];
};

/** No registry asked has the version: the versions the catalog knows are said (each registry's latest). */
function unknownVersion({ id, version, registry, listed, meant, bases }: VersionAsked, error: CodedError): CodedError {
  const [first] = listed;
  // The catalog knows nothing of the id: findEntry's own words, and the id likely meant.
  if (first === undefined) return new CodedError('not_found', error.message, { hint: terminalSafe(`${meant !== undefined ? `Did you mean ${meant}? ` : ''}${error.hint ?? ''}`).trim() });
  const labels = registryLabels(bases);
  const named = (r: RegistryRow): string => labels.get(r.registry) ?? r.registry;
  // The registry the suggested command names: the one given, or the first when more than one lists the id.
  const given = registry !== undefined || listed.length > 1 ? named(first) : undefined;
  const known = listed.map((r) => (listed.length > 1 ? `${r.version} (${named(r)})` : r.version));
  const message = registry !== undefined ? `${named(first)} has no ${id}@${version}.` : `No registry has ${id}@${version}.`;
  const shows = `; \`connected-services registry show ${entryWord(id, undefined)}${registryFlag(given)}\` shows ${first.version}`;
  const hint = [`The catalog knows ${id} at ${known.join(', ')}${shows}.`, ...dataList(error, 'elsewhere'), ...dataList(error, 'unreachable')];
  return new CodedError('not_found', terminalSafe(message), { hint: terminalSafe(hint.join(' ')) });
}
