import { CONNECT_CLIENTS, type ConnectClient } from '../../../shared/api';
import { TOKEN_ENV, type AgentStore } from '../../bridge';
import { entryIn } from './client-edit';
import { readClientFile } from './client-file';
import type { ClientContext } from './client-home';
import { clientLocation } from './client-locations';
import { entryName } from './client-writer';

/** The token an entry we wrote holds in clear, if it holds one. */
export function literalToken(entry: unknown): string | undefined {
  if (entry === null || typeof entry !== 'object') return undefined;
  const { headers, env } = entry as { headers?: Record<string, unknown>; env?: Record<string, unknown> };
  const header = headers?.['Authorization'];
  const fromHeader = typeof header === 'string' ? /^Bearer\s+([^\s$]\S*)$/.exec(header)?.[1] : undefined;
  const fromEnv = env?.[TOKEN_ENV];
  return fromHeader ?? (typeof fromEnv === 'string' && !fromEnv.startsWith('$') ? fromEnv : undefined);
}

/**
 * The agent's current token as another client's configuration holds it (one we wrote), so connecting
 * one more client does not take the token away from the others. Only a token the store accepts as
 * this agent's counts.
 */
export async function heldToken(agent: string, except: ConnectClient, agents: AgentStore, ctx: ClientContext): Promise<string | undefined> {
  for (const client of CONNECT_CLIENTS) {
    if (client === except) continue;
    const where = clientLocation(client, ctx);
    try {
      // Bounded as every client file is read (MAX_CLIENT_FILE_BYTES), and never parsed whole: a busy
      // `~/.claude.json` built as a value takes several times its size, to find one entry.
      const { text } = await readClientFile(where.file, ctx.home, ctx.uid);
      const token = literalToken(entryIn(text, client === 'vscode' ? 'servers' : 'mcpServers', entryName(agent), where.jsonc, where.file));
      if (token !== undefined && agents.authenticate(token)?.name === agent) return token;
    } catch {
      // A client file we cannot read holds nothing we can reuse.
    }
  }
  return undefined;
}
