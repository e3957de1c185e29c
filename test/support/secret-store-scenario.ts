import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connectAgent, type AgentClient } from './bridge-harness';
import { runCli, type CliResult } from './cli';
import { passphraseHome } from './passphrase-home';
import { EVERYTHING } from '../fixtures/servers/config';
import { startServe, type Served } from './serve';

/**
 * One secret store end to end with `serve`: the reference server (its get-env tool answers with its
 * whole environment) gets `STORE_VALUE` from a `${secret:STORE:PATH}` reference, and an agent calls it
 * through the bridge. The variable's name is nothing secret-looking, so only the value's being known
 * as a secret can redact it.
 */
export const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'secret stores scenario passphrase' };

export interface StoreScenario {
  home: string;
  served: Served;
  agent: AgentClient;
  cli(args: string[], input?: string): Promise<CliResult>;
  /** get-env's text as the agent sees it. */
  agentEnv(): Promise<string>;
  /** The server's row in `status`. */
  serverStatus(): Promise<{ state: string; lastError?: { code: string; message: string; hint?: string } }>;
  /** Every file under the data folder and serve's stderr, for a value that must be in none. */
  everythingWritten(): string;
  close(): Promise<void>;
}

export const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('');

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'latin1');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const info = statSync(full, { throwIfNoEntry: false });
    if (info?.isDirectory()) filesUnder(full, out);
    else if (info?.isFile()) out.push(full);
  }
  return out;
}

export async function storeScenario(options: {
  reference: string;
  settings?: Record<string, unknown>;
  env?: Record<string, string>;
  /** Before serve starts: vault secrets (`secrets set`), a command store's approval. */
  before?: (cli: (args: string[], input?: string) => Promise<CliResult>) => Promise<void>;
}): Promise<StoreScenario> {
  const home = await passphraseHome(PASSPHRASE, 'cs-store-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const config = {
    mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { STORE_VALUE: options.reference } } },
    settings: { auditArguments: true, ...options.settings },
  };
  writeFileSync(join(home, 'mcp.json'), JSON.stringify(config, null, 2));
  const env = { ...PASSPHRASE, ...options.env };
  const cli = (args: string[], input?: string) => runCli(home, args, { env, ...(input !== undefined ? { input } : {}) });
  await options.before?.(cli);
  const approved = await cli(['servers', 'approve', 'everything']);
  if (approved.code !== 0) throw new Error(`approve failed: ${approved.stderr}`);
  const added = await cli(['agents', 'add', 'reader', '--servers', 'everything', '--policy', 'read=allow,write=allow', '--json']);
  if (added.code !== 0) throw new Error(`agents add failed: ${added.stderr}`);
  const { token } = JSON.parse(added.stdout) as { token: string };
  const served = await startServe(home, [], env);
  const agent = await connectAgent(served.bridge ?? '', token);
  return {
    home,
    served,
    agent,
    cli,
    agentEnv: async () => textOf(await agent.client.callTool({ name: 'everything__get-env', arguments: {} })),
    serverStatus: async () => {
      const { body } = await served.api('status', {});
      const servers = (body.result as { servers: { name: string; state: string; lastError?: { code: string; message: string; hint?: string } }[] }).servers;
      const row = servers.find((s) => s.name === 'everything');
      if (!row) throw new Error('no row for everything');
      return row;
    },
    // A run record (runs/) may end between the listing and its read: what is gone holds nothing.
    everythingWritten: () => [served.stderr(), ...filesUnder(home).map((file) => readIfThere(file))].join('\n'),
    close: async () => {
      await agent.close().catch(() => undefined);
      await served.stop();
    },
  };
}
