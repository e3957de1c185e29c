import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'secret-inside-json', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const GHP = 'ghp_0123456789abcdefABCDEF0123456789abcd';

// `servers list` hides a token inside JSON; the check before writing must find it too (SECURITY.md, "nothing is written in clear").
describe('a token inside JSON in an env value or an argument, through the built CLI', () => {
  it('is refused by servers add, while ordinary JSON config is added', async () => {
    const home = await passphraseHome(ENV, 'cs-secret-json-');
    const env = await runCli(home, ['servers', 'add', 'j2', '--env', `CONFIG={"token":"${GHP}"}`, '--', 'node', 'x'], { env: ENV });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('env.CONFIG holds a secret in clear');
    const arg = await runCli(home, ['servers', 'add', 'j5', '--', 'node', 'x', `{"token":"${GHP}"}`], { env: ENV });
    expect(arg.code).toBe(2);
    expect(arg.stderr).toContain('Argument 2 of the command holds a secret in clear');
    for (const run of [env, arg]) expect(run.stderr + run.stdout).not.toContain(GHP);
    const plain = await runCli(home, ['servers', 'add', 'ok', '--env', 'OPTIONS={"region":"eu-west-1","tokenUrl":"https://auth.example.com/token","maxTokens":4096}', '--', 'node', 'x', '{"debug":true}'], { env: ENV });
    expect(plain.code, plain.stderr).toBe(0);
  }, 90_000);

  it('is moved into the vault by import, the whole value', async () => {
    const home = await passphraseHome(ENV, 'cs-secret-json-import-');
    const file = join(home, '..', 'claude_desktop_config.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { aws: { command: 'node', args: ['x'], env: { CONFIG: '{"apiKey":"AKIAABCDEFGHIJKLMNOP"}', OPTIONS: '{"region":"eu-west-1"}' } } } }));
    const run = await runCli(home, ['import', 'claude-desktop', '--path', file], { env: ENV });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('moved   aws env.CONFIG into the vault as ${secret:AWS_CONFIG}');
    const written = readFileSync(join(home, 'mcp.json'), 'utf8');
    expect(written).not.toContain('AKIAABCDEFGHIJKLMNOP');
    const aws = (JSON.parse(written) as { mcpServers: Record<string, { env?: Record<string, string> }> }).mcpServers['aws'];
    expect(aws?.env).toEqual({ CONFIG: '${secret:AWS_CONFIG}', OPTIONS: '{"region":"eu-west-1"}' });
  }, 90_000);
});
