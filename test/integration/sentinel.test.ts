import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startServe } from '../support/serve';
import { FAULT_SERVER, ROOT } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'sentinel test passphrase' };
const IN_VAULT = 'sentinel-vault-7f3a9c51';
const IN_CONFIG = 'sentinel-config-4e1b2d77';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('secrets never leak through any output channel', () => {
  it('keeps planted sentinels out of CLI output, status JSON, errors, logs, the App API and other servers', async () => {
    const home = await passphraseHome(PASSPHRASE);
    const outputs: string[] = [];
    const cli = async (args: string[], input?: string) => {
      const result = await runCli(home, args, { env: PASSPHRASE, ...(input !== undefined ? { input } : {}) });
      // What the program printed, not the command line the test typed (which holds the config literal).
      outputs.push(`$ ${args[0] ?? ''}\n${result.stdout}\n${result.stderr}`);
      return result;
    };

    await cli(['secrets', 'set', 'SENTINEL'], `${IN_VAULT}\n`);
    const fault = ['--', process.execPath, ...tsEntry(FAULT_SERVER)];
    await cli(['servers', 'add', 'holder', '--cwd', ROOT, '--env', 'VAULT_REF=${secret:SENTINEL}', ...fault]);
    // A secret in clear in mcp.json, as a person may write it by hand (`servers add` refuses one).
    const configFile = join(home, 'mcp.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as { mcpServers: Record<string, { env?: Record<string, string> }> };
    config.mcpServers['holder'] = { ...config.mcpServers['holder'], env: { ...config.mcpServers['holder']?.env, SERVICE_API_KEY: IN_CONFIG } };
    writeFileSync(configFile, JSON.stringify(config, null, 2));
    await cli(['servers', 'add', 'other', '--cwd', ROOT, ...fault]);
    // A server that dies at start, printing its secret to stderr: the error must not carry it.
    await cli(['servers', 'add', 'leaky', '--env', 'VAULT_REF=${secret:SENTINEL}', '--', process.execPath, '-e', 'console.error("token is " + process.env.VAULT_REF); process.exit(3)']);
    for (const name of ['holder', 'other', 'leaky']) await cli(['servers', 'approve', name, '--yes']);

    const holderEnv = await cli(['call', 'holder', 'env']);
    expect(holderEnv.code).toBe(0);
    expect(holderEnv.stdout).toContain('"VAULT_REF":"[redacted]"');
    const otherEnv = await cli(['call', 'other', 'env', '--json']);
    expect(otherEnv.stdout).not.toContain('VAULT_REF');
    expect(otherEnv.stdout).not.toContain('SERVICE_API_KEY');
    const leaky = await cli(['call', 'leaky', 'env']);
    expect(leaky.code).toBe(7);
    expect(leaky.stderr).toContain('token is [redacted]');

    for (const args of [['status', '--json'], ['status'], ['servers', 'list'], ['servers', 'list', '--json'], ['tools'], ['doctor', '--json'], ['secrets', 'list']]) {
      await cli(args);
    }

    const served = await startServe(home, [], PASSPHRASE);
    let serveLog = '';
    served.child.stderr?.on('data', (c: Buffer) => (serveLog += c.toString('utf8')));
    served.child.stdout?.on('data', (c: Buffer) => (serveLog += c.toString('utf8')));
    try {
      for (const [method, input] of [
        ['status', {}],
        ['listTools', {}],
        ['listSecrets', {}],
        ['callTool', { server: 'holder', tool: 'env' }],
        ['callTool', { server: 'leaky', tool: 'env' }],
        ['doctor', {}],
      ] as const) {
        outputs.push(`api ${method}: ${JSON.stringify((await served.api(method, input)).body)}`);
      }
    } finally {
      await served.stop();
    }
    outputs.push(serveLog);

    const leaks = outputs.filter((o) => o.includes(IN_VAULT) || o.includes(IN_CONFIG)).map((o) => o.slice(0, 300));
    expect(leaks).toEqual([]);
    const everything = outputs.join('\n');
    expect(everything).toContain('[redacted]');
    expect(everything).not.toContain(IN_VAULT);
    expect(everything).not.toContain(IN_CONFIG);
    // Nothing the app wrote to disk holds the vault secret in clear either (mcp.json keeps only the reference).
    for (const file of filesUnder(home)) {
      expect(readFileSync(file).includes(Buffer.from(IN_VAULT)), file).toBe(false);
    }
  }, 120_000);
});
