import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { FAULT_SERVER, ROOT } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { startServe } from '../support/serve';
import { ALLOW_ALL } from '../support/vault-guess';
import { tsEntry } from '../support/ts-entry';

const REFUSED = 30;

// A stop waits for each server to end; a second Ctrl-C or SIGTERM cuts it short. The minute's counts
// of refused requests live in memory until then, and used to be written only after the servers ended.
describe.skipIf(process.platform === 'win32')('serve stopped by a second signal', () => {
  it("has written the audit's counted line of the minute before it exits", async () => {
    const home = tempHome('cs-second-signal-');
    // A server that ignores SIGTERM holds the stop for its grace: the second signal comes while the stop waits.
    const add = await runCli(home, ['servers', 'add', 'stubborn', '--env', 'IGNORE_SIGTERM=1', '--cwd', ROOT, '--', process.execPath, ...tsEntry(FAULT_SERVER)]);
    expect(add.code, add.stderr).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'stubborn', '--yes'])).code).toBe(0);
    const served = await startServe(home);
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    const exited = new Promise<void>((resolve) => served.child.once('exit', (code, signal) => ((exit = { code, signal }), resolve())));
    try {
      expect((await served.api('connect', { name: 'stubborn' })).body.result).toMatchObject({ state: 'ready' });
      const token = ((await served.api('addAgent', { name: 'flooder', servers: '*', policy: ALLOW_ALL })).body.result as { token: string }).token;
      const client = new Client({ name: 'flooder', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      try {
        for (let i = 0; i < REFUSED; i++) await client.readResource({ uri: `file:///nothing-${i}` }).catch(() => undefined);
      } finally {
        await client.close();
      }
      // Sent the moment serve says it is stopping, not on a poll: the stop lasts only the server's 2 s grace.
      const stopping = new Promise<void>((resolve) => {
        const onData = (): void => {
          if (!served.stderr().includes('Stopping Connected Services')) return;
          served.child.stderr?.off('data', onData);
          resolve();
        };
        served.child.stderr?.on('data', onData);
      });
      served.child.kill('SIGTERM');
      await stopping;
      served.child.kill('SIGTERM');
      await exited;
    } finally {
      if (served.child.exitCode === null && served.child.signalCode === null) served.child.kill('SIGKILL');
    }
    // Cut short: it did not get to say it had stopped.
    expect(served.stderr()).not.toContain('Stopped.');
    expect(exit).toEqual({ code: 143, signal: null });
    const file = join(home, 'audit', 'audit.jsonl');
    const lines = (existsSync(file) ? readFileSync(file, 'utf8') : '').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as AuditEntry);
    const refused = lines.filter((e) => e.agent === 'flooder' && e.server === '');
    expect(refused.filter((e) => e.repeated === undefined)).toHaveLength(20);
    expect(refused.filter((e) => e.repeated !== undefined)).toEqual([expect.objectContaining({ repeated: REFUSED - 20 })]);
  }, 60_000);
});
