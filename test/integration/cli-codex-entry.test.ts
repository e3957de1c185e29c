import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

/** Codex's `~/.codex/config.toml` as a person keeps it: comments and other settings that must stay. */
const CODEX_TOML = '# mine\nmodel = "o4-mini"\n\n[mcp_servers.docs]\nurl = "https://docs.example/mcp"\n';

// Codex reads a streamable HTTP server from `[mcp_servers.NAME]` with `url`, and its bearer token from the variable `bearer_token_env_var` names.
describe('Codex: its table is printed, never with the token, and its file is not written', { timeout: 120_000 }, () => {
  let dataDir: string;
  let user: string;
  let token: string;
  const env = () => ({ HOME: user, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_PASSPHRASE: 'codex entry passphrase' });
  const table = /^\[mcp_servers\.connected-services-coder\]\nurl = "http:\/\/127\.0\.0\.1:\d+\/[^"\n]*"\nbearer_token_env_var = "CONNECTED_SERVICES_TOKEN"$/m;
  beforeAll(async () => {
    dataDir = await passphraseHome(env(), 'cs-codex-');
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    user = mkdtempSync(join(tmpdir(), 'cs-codex-user-'));
    mkdirSync(join(user, '.codex'));
    writeFileSync(join(user, '.codex', 'config.toml'), CODEX_TOML);
    const add = await runCli(dataDir, ['agents', 'add', 'coder', '--servers', '*', '--for', 'codex', '--json'], { env: env() });
    expect(add.code, add.stderr).toBe(0);
    const added = JSON.parse(add.stdout) as { token: string; agent: { client?: string }; config?: { text: string } };
    token = added.token;
    // Its names are made to fit Codex's prefix (`mcp__connected-services-coder__`), and its table is printed.
    expect(added.agent.client).toBe('codex');
    expect(added.config?.text).toMatch(table);
    expect(added.config?.text).not.toContain(token);
  });

  it('agents config --for codex prints the table; a token given goes in no file, only the variable is named', async () => {
    const printed = await runCli(dataDir, ['agents', 'config', 'coder', '--for', 'codex', '--token-stdin'], { env: env(), input: `${token}\n` });
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toMatch(table);
    expect(`${printed.stdout}${printed.stderr}`).not.toContain(token);
    expect(printed.stderr).toContain('Codex reads the token from the variable CONNECTED_SERVICES_TOKEN');
  });

  it.each([[['--dry-run']], [[]]])('agents connect --client codex %j prints the table and leaves config.toml as it was', async (extra) => {
    const result = await runCli(dataDir, ['agents', 'connect', 'coder', '--client', 'codex', ...extra], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Add this to ~/.codex/config.toml (nothing is written');
    expect(result.stdout).toMatch(table);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/cs_agent_/);
    expect(readFileSync(join(user, '.codex', 'config.toml'), 'utf8')).toBe(CODEX_TOML);
    expect(existsSync(join(user, '.codex', 'config.toml.connected-services.lock'))).toBe(false);
  });

  it('agents disconnect --client codex says the table is removed by hand, and leaves config.toml as it was', async () => {
    const result = await runCli(dataDir, ['agents', 'disconnect', 'coder', '--client', 'codex'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Codex keeps its servers in ~/.codex/config.toml, which is not edited here');
    expect(result.stderr).toContain('Remove the [mcp_servers.NAME] table of this agent from ~/.codex/config.toml');
    expect(result.stderr).not.toContain('--client takes');
    expect(readFileSync(join(user, '.codex', 'config.toml'), 'utf8')).toBe(CODEX_TOML);
  });
});
