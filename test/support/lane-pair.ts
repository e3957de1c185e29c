import { join } from 'node:path';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { createBridge, type Bridge } from '../../electron/bridge';
import { createPool, type Pool } from '../../electron/pool';
import { openVault, type Vault } from '../../electron/vault';
import { secretKey } from '../../shared/vault';
import { askingServer, everythingServer, faultServer } from '../fixtures/servers/config';
import { tempDir } from './bridge-harness';
import { askUrlChecksFor } from './ask-url-checks';

export const LANE_MAX_BODY = 64 * 1024;

/**
 * Two bridges over one pool (everything, fault, asking), one with the 2026-07-28 lane and one
 * without (`modernLane: false`), so one request's two answers can be compared byte for byte
 * (docs/bridge.md §Speed of the two eras). `secrets` go into the vault first: known to the process
 * redactor from then on.
 */
export interface LanePair {
  pool: Pool;
  vault: Vault;
  withLane: Bridge;
  withoutLane: Bridge;
  /** How many requests the lane has answered so far. */
  served(): number;
  close(): Promise<void>;
}

export async function startLanePair(secrets: Record<string, string> = {}): Promise<LanePair> {
  const dir = tempDir();
  const vault = await openVault({ dataDir: join(dir, 'vault'), provider: 'memory' });
  for (const [name, value] of Object.entries(secrets)) await vault.set(secretKey(name), value);
  const router = createAskRouter({ waiting: new WaitingAsks(), audit: () => undefined, now: Date.now, urls: askUrlChecksFor('loopback') });
  const pool = createPool({ cacheDir: join(dir, 'cache'), gate: () => null, asks: { router } });
  // The secrets are in everything's environment too: its get-env tool sends them back in a result.
  await pool.apply({ mcpServers: { everything: everythingServer({ env: secrets }), fault: faultServer(), asking: askingServer() } });
  await Promise.all(['everything', 'fault', 'asking'].map((name) => pool.start(name)));
  let served = 0;
  const withLane = await createBridge({ pool, dataDir: join(dir, 'lane'), port: 0, maxBodyBytes: LANE_MAX_BODY, laneServed: () => void served++ });
  const withoutLane = await createBridge({ pool, dataDir: join(dir, 'sdk'), port: 0, maxBodyBytes: LANE_MAX_BODY, modernLane: false });
  return {
    pool,
    vault,
    withLane,
    withoutLane,
    served: () => served,
    close: async () => {
      await withLane.close();
      await withoutLane.close();
      await pool.close();
    },
  };
}
