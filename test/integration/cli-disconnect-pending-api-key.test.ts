import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'disconnect-pending-api-key', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

// Every API-key entry waits for approval until the person gives it, and again after each edit.
describe('disconnect --revoke of an API-key entry waiting for approval, through the built CLI', () => {
  it('deletes the key kept for it, and keeps a global secret', async () => {
    const home = tempHome('cs-forget-pending-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    // Nothing listens there: the key is deleted here without reaching any server.
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({
      mcpServers: {
        svc: { type: 'http', url: 'http://127.0.0.1:9/mcp', auth: { type: 'api_key', key: '${secret:SVC_KEY}' } },
        other: { type: 'http', url: 'http://127.0.0.1:9/mcp', auth: { type: 'api_key', key: '${secret:SHARED_KEY}' } },
      },
    }));
    const cli = (args: string[], input?: string) => runCli(home, args, { env: ENV, timeoutMs: 60_000, ...(input === undefined ? {} : { input }) });
    expect((await cli(['secrets', 'set', 'SVC_KEY', '--server', 'svc'], 'k-scoped-1234567')).code).toBe(0);
    expect((await cli(['secrets', 'set', 'SHARED_KEY'], 'k-global-1234567')).code).toBe(0);

    const disconnect = await cli(['disconnect', 'svc', '--revoke']);
    expect(disconnect.code, disconnect.stderr).toBe(0);
    const list = await cli(['secrets', 'list', '--json']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).not.toContain('SVC_KEY');

    const global = await cli(['disconnect', 'other', '--revoke']);
    expect(global.code, global.stderr).toBe(0);
    expect((await cli(['secrets', 'list', '--json'])).stdout).toContain('SHARED_KEY');
  }, 120_000);
});
