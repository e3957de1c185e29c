import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerState } from '../../../shared/api';
import { createCore, type Core } from './core';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };

describe('createCore onPool', () => {
  let core: Core | undefined;
  afterEach(async () => {
    await core?.close();
  });

  it('hands over the pool before its first config, so a watch there hears every server announced', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-on-pool-')), 'home');
    let serversAtHandOver: number | undefined;
    const heard = new Map<string, ServerState>();
    core = await createCore({
      dataDir,
      env: { ...process.env, ...PASSPHRASE },
      vaultProvider: 'passphrase',
      onPool: (pool) => {
        serversAtHandOver = pool.statuses().length;
        pool.on('state', (status) => heard.set(status.name, status.state));
      },
    });
    await core.api.status({});
    const configured = core.pool.statuses().map((status) => status.name);
    // First run: the demo servers.
    expect(configured.length).toBeGreaterThan(0);
    expect(serversAtHandOver).toBe(0);
    expect([...heard.keys()].sort()).toEqual([...configured].sort());
  });
});
