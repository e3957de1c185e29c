import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stdioAuthTarget, type AuthCoordinator } from '../../electron/auth';
import { createPool, type Pool } from '../../electron/pool';
import type { Vault } from '../../electron/vault';
import type { StdioServerConfig } from '../../shared/config';
import type { AuthServer } from '../fixtures/oauth/authorization-server';
import { ROOT } from '../fixtures/servers/config';
import type { TokenApi } from '../fixtures/stdio-auth/token-api';
import { tempDir } from './server-harness';
import { tsEntry } from './ts-entry';

const ENV_SERVER = fileURLToPath(new URL('../fixtures/stdio-auth/token-env-server.ts', import.meta.url));
const FILE_SERVER = fileURLToPath(new URL('../fixtures/stdio-auth/token_file_server.py', import.meta.url));

/** The parts of a stdio-auth test: the authorization server, the API the programs call, and the app's side. */
export interface StdioAuthSetUp {
  as: AuthServer;
  api: TokenApi;
  vault: Vault;
  coordinator: AuthCoordinator;
  pool: Pool;
  runtimeDir: string;
  logs: string[];
  configs: Record<string, StdioServerConfig>;
}

/** The Node token fixture: reads its credential from `${token}` in its environment. */
export const tokenEnvServer = (api: TokenApi, auth: StdioServerConfig['auth']): StdioServerConfig => ({
  command: process.execPath,
  args: tsEntry(ENV_SERVER),
  cwd: ROOT,
  env: { API_TOKEN: '${token}', API_URL: api.url },
  auth,
});

/** The Python token fixture: reads its credential file (`format`) on every call. */
export const tokenFileServer = (api: TokenApi, auth: StdioServerConfig['auth'], format: 'token' | 'json'): StdioServerConfig => ({
  command: 'python3',
  args: [FILE_SERVER],
  env: { API_URL: api.url, TOKEN_FORMAT: format },
  credentialFile: { env: 'TOKEN_FILE', format },
  auth,
});

/**
 * A pool of `configs` whose credentials `coordinator` hands out, applied; its runtime folder and the
 * lines it logged. A crashed program is not restarted within a test: what removes its file is its
 * end, not a new start. The caller closes the pool.
 */
export async function credentialPool(coordinator: AuthCoordinator, configs: Record<string, StdioServerConfig>, prefix: string): Promise<Pick<StdioAuthSetUp, 'pool' | 'runtimeDir' | 'logs'>> {
  const runtimeDir = join(tempDir(`${prefix}-run-`), 'run');
  const logs: string[] = [];
  const pool = createPool({
    cacheDir: tempDir(`${prefix}-cache-`),
    runtimeDir,
    restartPolicy: { baseDelayMs: 600_000, maxDelayMs: 600_000 },
    log: (line) => logs.push(line),
    credential: (name, options) => coordinator.credential(name, stdioAuthTarget(name, configs[name] ?? {}), options),
  });
  try {
    await pool.apply({ mcpServers: configs });
  } catch (error) {
    await pool.close();
    throw error;
  }
  return { pool, runtimeDir, logs };
}
