import type { ServerConfig } from '../../../shared/config';
import { isStdio } from '../../../shared/config';
import { findReferences } from '../../../shared/vault';

/** An HTTP server's header naming a vault secret the vault does not hold: the server fails on connect. */
export interface HeaderSecretGap {
  server: string;
  header: string;
  /** The vault secret's name. */
  name: string;
  /** As written in mcp.json, e.g. `${secret:API_TOKEN}`. */
  reference: string;
  /** The command that stores it. */
  fix: string;
}

/** The command that stores a missing vault secret (usable by every server, as `${secret:NAME}` looks up). */
export function setSecretCommand(name: string): string {
  return `connected-services secrets set ${name}`;
}

/**
 * Every header of every HTTP entry whose `${secret:NAME}` (our vault, not a store) is missing, so
 * `status` and `doctor` say it before the first connect does. A malformed reference is the config
 * check's to report, not this one's.
 */
export async function headerSecretGaps(
  servers: Record<string, ServerConfig>,
  hasSecret: (server: string, name: string) => Promise<boolean>,
): Promise<HeaderSecretGap[]> {
  const gaps: HeaderSecretGap[] = [];
  for (const [server, config] of Object.entries(servers)) {
    if (isStdio(config)) continue;
    for (const [header, value] of Object.entries(config.headers ?? {})) {
      let refs: ReturnType<typeof findReferences>;
      try {
        refs = findReferences(value);
      } catch {
        continue;
      }
      for (const ref of refs) {
        if (ref.kind === 'env' || (ref.store !== undefined && ref.store !== 'vault')) continue;
        if (await hasSecret(server, ref.name)) continue;
        gaps.push({ server, header, name: ref.name, reference: ref.text, fix: setSecretCommand(ref.name) });
      }
    }
  }
  return gaps;
}
