import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'approve-store-reference' };

// The approval is where the person sees which store item a server will read: each store's
// reference is printed whole, a store named like a credential (`secret-service`) too.
describe('approving a server whose environment reads a secret store', () => {
  it('shows every store reference whole', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-approve-store-ref-');
    expect((await runCli(home, ['secrets', 'set', 'GITHUB_TOKEN'], { env: PASSPHRASE, input: 'ghp_approve-store-reference-0001' })).code).toBe(0);
    const file = join(home, 'mcp.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers['weather'] = {
      command: 'node',
      args: ['/opt/weather/dump-env.js'],
      env: { DUMP_TO: '/tmp/weather/env.json', WEATHER_KEY: '${secret:secret-service:connected-services}', PASS_KEY: '${secret:pass:web/weather}' },
    };
    writeFileSync(file, JSON.stringify(config, null, 2));
    const approved = await runCli(home, ['servers', 'approve', 'weather', '--yes'], { env: PASSPHRASE });
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain("WEATHER_KEY='${secret:secret-service:connected-services}'");
    expect(approved.stdout).toContain('${secret:pass:web/weather}');
    expect(approved.stdout).not.toContain('[redacted]');
  }, 90_000);
});
