import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Vault } from '../../shared/vault';
import { createClientApi } from '../../electron/app/client-setup/client-api';
import { AgentStore } from '../../electron/bridge';
import { openVault } from '../../electron/vault';

export interface ClientApiSetUpOptions {
  /** Cursor's mcp.json before the test, given agent a1's token (undefined: no file and no .cursor folder). */
  cursorFile?: (token: string) => string;
  /** The API is given the vault (the setup opens one in the data folder either way). */
  withVault?: boolean;
  /** The API is given the data folder, where the agent's connect lock lives. */
  withDataDir?: boolean;
}

export interface ClientApiSetUp {
  home: string;
  dataDir: string;
  agents: AgentStore;
  /** Agent a1's token. */
  token: string;
  vault: Vault;
  /** Cursor's mcp.json under `home`. */
  file: string;
  api: ReturnType<typeof createClientApi>;
}

/** A client API over a store holding agent a1, each in a temporary folder named after `prefix`, on Linux, its bridge at an unused port. */
export async function setUpClientApi(prefix: string, options: ClientApiSetUpOptions = {}): Promise<ClientApiSetUp> {
  const home = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-data-`));
  const agents = AgentStore.open({ dataDir });
  const { token } = await agents.add('a1', { servers: [] });
  const vault = await openVault({ dataDir: path.join(dataDir, 'vault'), provider: 'insecure-plaintext-file' });
  const file = path.join(home, '.cursor', 'mcp.json');
  if (options.cursorFile) {
    mkdirSync(path.dirname(file));
    writeFileSync(file, options.cursorFile(token));
  }
  const api = createClientApi({
    agents,
    ...(options.withVault === true ? { vault } : {}),
    ...(options.withDataDir === true ? { dataDir } : {}),
    bridgeUrl: () => 'http://127.0.0.1:1/mcp',
    context: () => ({ home, platform: 'linux', env: {} }),
  });
  return { home, dataDir, agents, token, vault, file, api };
}
