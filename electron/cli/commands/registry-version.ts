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
  /** The version the catalog shows for the id at that registry. */
  latest: string;
}

/**
 * `registry show ID@VERSION` for a version outside the catalog: fetched as `servers add
 * --from-registry ID@VERSION` fetches it (the same registries asked, the same refusals), so what is
 * shown is what would be added. `listed`: the catalog's rows of the id (of the registry named, if any).
 */
export async function otherVersion(ctx: CliContext, id: string, version: string, registry: string | undefined, listed: readonly RegistryRow[]): Promise<OtherVersion> {
  let found: Awaited<ReturnType<typeof findEntry>>;
  try {
    found = await findEntry(ctx, id, version, registry);
  } catch (error) {
    if (error instanceof CodedError && error.code === 'not_found') throw unknownVersion(id, version, registry, listed, unasked(error));
    throw error;
  }
  const { entry, base, note, label } = found;
  const row: RegistryRow = { ...rowOf(base, entry), ...note };
  const install = { name: entry.server.name, version: entry.server.version, options: installOptions(entry.server) };
  const latest = listed.find((r) => r.registry === base)?.version ?? listed[0]?.version ?? '';
  return { row, install, from: registry !== undefined || listed.length > 1 ? label : undefined, latest };
}

/** The registries that could not be asked, as findEntry's not_found names them. */
const unasked = (error: CodedError): string[] => {
  const listed = error.data?.['unreachable'];
  return Array.isArray(listed) ? listed.filter((m): m is string => typeof m === 'string') : [];
};

/** No registry asked has the version: the versions the catalog knows are said (each registry's latest). */
function unknownVersion(id: string, version: string, registry: string | undefined, listed: readonly RegistryRow[], unreachable: readonly string[]): CodedError {
  const labels = registryLabels(listed.map((r) => r.registry));
  const named = (r: RegistryRow): string => labels.get(r.registry) ?? r.registry;
  const [first] = listed;
  // The registry the suggested command names: the one given, or the first when more than one lists the id.
  const given = first !== undefined && (registry !== undefined || listed.length > 1) ? named(first) : undefined;
  const known = listed.map((r) => (listed.length > 1 ? `${r.version} (${named(r)})` : r.version));
  const message = registry !== undefined && first !== undefined ? `${named(first)} has no ${id}@${version}.` : `No registry has ${id}@${version}.`;
  const shows = first === undefined ? '' : `; \`connected-services registry show ${entryWord(id, undefined)}${registryFlag(given)}\` shows ${first.version}`;
  return new CodedError('not_found', terminalSafe(message), { hint: terminalSafe([`The catalog knows ${id} at ${known.join(', ')}${shows}.`, ...unreachable].join(' ')) });
}
