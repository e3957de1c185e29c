import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' };

describe('an HTTP header naming a secret the vault lacks is said up front, not first on connect', () => {
  it('status and doctor name server, header, secret and the command that sets it; gone once it is set', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-header-secret-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    const config = { mcpServers: { remote: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer ${secret:REMOTE_TOKEN}', 'X-Env': '${env:HOME}' } } } };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify(config), { mode: 0o600 });

    const text = await runCli(home, ['status'], { env: PASSPHRASE });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      'missing secret: server "remote", header "Authorization" uses ${secret:REMOTE_TOKEN}, which is not in the vault; set it: connected-services secrets set REMOTE_TOKEN',
    );
    const json = await runCli(home, ['status', '--json'], { env: PASSPHRASE });
    expect(JSON.parse(json.stdout)).toMatchObject({
      missingHeaderSecrets: [{ server: 'remote', header: 'Authorization', name: 'REMOTE_TOKEN', reference: '${secret:REMOTE_TOKEN}', fix: 'connected-services secrets set REMOTE_TOKEN' }],
    });

    const doctor = await runCli(home, ['doctor', '--json'], { env: PASSPHRASE });
    const checks = JSON.parse(doctor.stdout) as { id: string; status: string; detail: string; fix?: string }[];
    const refs = checks.find((c) => c.id === 'references:remote');
    expect(refs).toMatchObject({ status: 'fail', fix: 'connected-services secrets set REMOTE_TOKEN' });
    expect(refs?.detail).toBe('${secret:REMOTE_TOKEN} is missing from the vault (field headers["Authorization"])');

    expect((await runCli(home, ['secrets', 'set', 'REMOTE_TOKEN'], { env: PASSPHRASE, input: 'remote-token-value-0123456789\n' })).code).toBe(0);
    const after = await runCli(home, ['status', '--json'], { env: PASSPHRASE });
    expect(JSON.parse(after.stdout)).toMatchObject({ missingHeaderSecrets: [] });
    expect((await runCli(home, ['status'], { env: PASSPHRASE })).stdout).not.toContain('missing secret');
  });
});
