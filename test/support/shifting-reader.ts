import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCore, type Core } from '../../electron/app';
import { shiftingServer } from '../fixtures/servers/config';
import { passphraseHome } from './passphrase-home';
import { SHIFTING_PASSPHRASE } from './shifting-core';

export interface ShiftingReader {
  home: string;
  /** The stage file: writing `2` makes the server list its second stage (the pin tests' changes). */
  stageFile: string;
  core: Core;
  bridgeUrl: string;
  /** A token of the agent `reader`, allowed every server and tier. */
  token: string;
}

/**
 * A core with its bridge and the shifting SDK server (resources on) approved and connected, and an
 * agent `reader` allowed everything: the start of the resource-pinning tests. `env`: more of the
 * server's (`SHIFT_APPS: '1'` for its apps). The caller closes `core`.
 */
export async function startShiftingReader(prefix: string, env: Record<string, string> = {}): Promise<ShiftingReader> {
  const home = await passphraseHome(SHIFTING_PASSPHRASE, prefix);
  const stageFile = join(home, '..', 'stage');
  writeFileSync(stageFile, '1');
  const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...SHIFTING_PASSPHRASE }, vaultProvider: 'passphrase', bridge: { port: 0, required: true } });
  try {
    await core.api.addServer({ name: 'shifting', config: shiftingServer(stageFile, { env: { SHIFT_FILE: stageFile, SHIFT_RESOURCES: '1', ...env } }) });
    await core.api.approveServer({ name: 'shifting' });
    await core.api.connect({ name: 'shifting' });
    const { token } = await core.api.addAgent({ name: 'reader', servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    if (!core.bridge) throw new Error('the core runs no bridge');
    return { home, stageFile, core, bridgeUrl: core.bridge.url, token };
  } catch (error) {
    await core.close();
    throw error;
  }
}
