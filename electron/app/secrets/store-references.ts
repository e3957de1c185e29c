import { VAULT_STORE_NAME, type McpConfig } from '../../../shared/config';
import { findReferences } from '../../../shared/vault';

/** One `${secret:STORE:PATH}` and every server field that names it. */
export interface GatheredReference {
  store: string;
  path: string;
  reference: string;
  uses: { server: string; field: string }[];
}

/** How deep an entry is walked: a server's entry is a few levels (env, headers, auth). */
const MAX_DEPTH = 8;

/** Each string of `value` with where it sits (`env.TOKEN`, `args[2]`, `auth.clientSecret`). */
function* stringsOf(value: unknown, field: string, depth: number): Generator<[string, string]> {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') yield [field, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsOf(item, `${field}[${i}]`, depth + 1);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) yield* stringsOf(item, field === '' ? key : `${field}.${key}`, depth + 1);
  }
}

/**
 * Every entry of a secret store other than our vault that a configured server names, in the order of
 * the config, with its uses. Vault secrets (`${secret:NAME}`) are listed by name elsewhere; values are
 * never read here.
 */
export function gatherStoreReferences(config: Pick<McpConfig, 'mcpServers'>): GatheredReference[] {
  const found = new Map<string, GatheredReference>();
  for (const [server, entry] of Object.entries(config.mcpServers)) {
    for (const [field, text] of stringsOf(entry, '', 0)) {
      let refs;
      try {
        refs = findReferences(text);
      } catch {
        // An unterminated reference is the config's problem, reported there.
        continue;
      }
      for (const ref of refs) {
        if (ref.kind !== 'secret' || ref.store === undefined || ref.store === VAULT_STORE_NAME) continue;
        const key = `${ref.store}\u0000${ref.name}`;
        const row = found.get(key) ?? { store: ref.store, path: ref.name, reference: `\${secret:${ref.store}:${ref.name}}`, uses: [] };
        if (!row.uses.some((u) => u.server === server && u.field === field)) row.uses.push({ server, field });
        found.set(key, row);
      }
    }
  }
  return [...found.values()];
}
