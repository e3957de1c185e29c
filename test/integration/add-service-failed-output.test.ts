import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { AddServiceFailureSchema } from '../../shared/api';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'failed output passphrase' };

let core: Core | undefined;
afterEach(async () => {
  await core?.close();
  core = undefined;
});

// A screens review: a connect that failed said "check the server's output below" with nothing below,
// and the entry (its logs with it) was removed, so what the program printed could be read nowhere.
describe('a program that fails to start when it is added and connected in one step', () => {
  it('carries what it printed in the failure, for the sheet to show under the steps', async () => {
    core = await createCore({ dataDir: join(mkdtempSync(join(tmpdir(), 'cs-failed-output-')), 'home'), env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase', demo: false });
    const config = { command: process.execPath, args: ['-e', "console.error('starting'); console.error('boom: cannot open /tmp/does-not-exist-xyz'); process.exit(3)"] };
    const { commandLine } = await core.api.addService({ name: 'crasher', config, dryRun: true });
    const failed = await core.api.addService({ name: 'crasher', config, approve: { commandLine: commandLine ?? '' } }).then(
      () => undefined,
      (error: unknown) => error as { message: string; data?: unknown },
    );
    const data = AddServiceFailureSchema.parse(failed?.data);
    expect(data.failed.step).toBe('connect');
    expect(data.failed.output).toContain('boom: cannot open /tmp/does-not-exist-xyz');
    expect(failed?.message).toContain('Nothing was kept');
    expect((await core.api.status({})).servers.map((s) => s.name)).not.toContain('crasher');
  }, 60_000);
});
