import { isStdio, type ServerConfig } from '../../shared/config';
import { findLiteralSecrets, withQueryReference } from '../../shared/config';

/**
 * Stores a secret of `server` alone under a name like `preferred` and resolves the name actually used;
 * `created` hears of each name it made (not one that already held the value), which a failed import deletes.
 */
export type SecretSink = (server: string, preferred: string, value: string, created?: (name: string) => void) => Promise<string>;

/** Moves each literal secret into the vault and returns the entry with references in their place. */
export async function moveSecrets(
  server: string,
  config: ServerConfig,
  sink: SecretSink,
  /** Fields to leave alone (`env.X` naming a credential file: its path is no secret, its content is). */
  keep: ReadonlySet<string> = new Set(),
): Promise<{ config: ServerConfig; moved: { server: string; field: string; secret: string }[] }> {
  const found = findLiteralSecrets(server, config).filter((secret) => !keep.has(secret.field));
  if (found.length === 0) return { config, moved: [] };
  const next = structuredClone(config);
  const moved: { server: string; field: string; secret: string }[] = [];
  for (const secret of found) {
    const name = await sink(server, secret.preferredName, secret.value);
    const [section, key] = [secret.field.slice(0, secret.field.indexOf('.')), secret.field.slice(secret.field.indexOf('.') + 1)];
    if (section === 'args' && isStdio(next) && next.args) next.args[Number(key)] = secret.replacement(name);
    const target = section === 'env' && isStdio(next) ? next.env : section === 'headers' && !isStdio(next) ? next.headers : undefined;
    if (target) target[key] = secret.replacement(name);
    if (section === 'url' && !isStdio(next)) next.url = withQueryReference(next.url, key, secret.value, secret.replacement(name));
    moved.push({ server, field: secret.field, secret: name });
  }
  return { config: next, moved };
}
