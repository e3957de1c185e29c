import { createHash } from 'node:crypto';
import type { InstallChoice } from './install-plan';
import type { ServerDetail } from './server-json';

/** Keys sorted at every level: two snapshots of one entry digest the same whatever order their JSON had. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  // fromEntries defines each key, so an own `__proto__` stays a key like the others.
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * SHA-256 of the entry's name, version and the chosen package or remote as parsed (server-json.ts
 * drops unknown keys): its inputs with their secret flags, environment variables, headers,
 * transport and arguments. The Install dialog gets it with the options it shows and sends it back;
 * the same version republished with any of these changed digests differently and is refused.
 * Undefined when the entry has no such package or remote.
 */
export function shownDigest(server: ServerDetail, choice: InstallChoice): string | undefined {
  const option = 'package' in choice ? server.packages?.[choice.package] : server.remotes?.[choice.remote];
  if (option === undefined) return undefined;
  const shown = { name: server.name, version: server.version, kind: 'package' in choice ? 'package' : 'remote', option };
  return createHash('sha256').update(JSON.stringify(shown, sortedKeys)).digest('hex');
}
