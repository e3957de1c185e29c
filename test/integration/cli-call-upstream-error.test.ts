import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faultServer } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';

const env = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };

describe("`call` of a tool whose service answers with a JSON-RPC error of its own", () => {
  it('fails with server_unavailable (exit 7) in the words of the service, redacted', async () => {
    const home = tempHome('cs-call-upstream-');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { fault: faultServer('normal', { SERVER_ERROR: '1' }) } }), { mode: 0o600 });
    expect((await runCli(home, ['servers', 'approve', 'fault', '--yes'], { env })).code).toBe(0);
    const failed = await runCli(home, ['call', 'fault', 'server-error'], { env, timeoutMs: 60_000 });
    expect(failed.stderr).toContain('error [server_unavailable]: "fault" answered with an error during tool "server-error": quota exceeded for API_KEY=[redacted] (try tomorrow)');
    expect(failed.stderr).not.toContain('quota-secret-123');
    expect(failed.code).toBe(7);
  }, 90_000);
});
