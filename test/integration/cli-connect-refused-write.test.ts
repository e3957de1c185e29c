import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCli, type CliResult } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

/**
 * What a refused write does to `agents connect`, as any account sees it (these tests may run as root,
 * whom no mode or read-only folder stops): the kernel's file size limit (`prlimit --fsize`, which binds
 * root too) refuses a write part way, a path whose folder is a file cannot be made, and a file its owner
 * may not write is refused by its mode. Each time the agent's token, the vault and the file stay as they were.
 */
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((file) => existsSync(file));

/** The real CLI under a file size limit (RLIMIT_FSIZE: a write past it fails with EFBIG); argv, never a shell. */
function runCliLimited(home: string, args: string[], env: Record<string, string>, maxFileBytes: number): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(PRLIMIT ?? 'prlimit', [`--fsize=${maxFileBytes}`, process.execPath, CLI, '--home', home, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function setUp(extraAgents = 0): Promise<{ dataDir: string; user: string; env: Record<string, string>; token: string }> {
  const user = mkdtempSync(join(tmpdir(), 'cs-refused-write-home-'));
  // A passphrase the helpers have too: connecting keeps the token in the vault, never in the file.
  const env = { HOME: user, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_PASSPHRASE: 'refused write passphrase' };
  const dataDir = await passphraseHome(env, 'cs-refused-write-');
  const added = await runCli(dataDir, ['agents', 'add', 'a1', '--servers', '*'], { env });
  expect(added.code, added.stderr).toBe(0);
  const token = /cs_agent_[A-Za-z0-9_-]+/.exec(added.stdout + added.stderr)?.[0] ?? '';
  for (let i = 0; i < extraAgents; i += 1) expect((await runCli(dataDir, ['agents', 'add', `other-${i}`, '--servers', '*'], { env })).code).toBe(0);
  return { dataDir, user, env, token };
}

/** The vault keeps no token for a1 (`bridge headers` says so), rather than one the store does not take. */
async function expectNoKeptToken(dataDir: string, env: Record<string, string>): Promise<void> {
  const headers = await runCli(dataDir, ['bridge', 'headers', '--agent', 'a1'], { env, timeoutMs: 30_000 });
  expect(headers.stdout).toBe('');
  expect(headers.stderr).toContain('The vault keeps no token for agent "a1"');
}

/** The token a1 was added with is still its own: given back to connect, it is taken. */
async function expectTokenStillWorks(dataDir: string, env: Record<string, string>, token: string): Promise<void> {
  const check = await runCli(dataDir, ['agents', 'connect', 'a1', '--client', 'gemini-cli', '--token-stdin'], { env, input: token, timeoutMs: 30_000 });
  expect(check.stderr).not.toContain('does not belong');
  expect(check.code, check.stderr).toBe(0);
}

describe.skipIf(process.platform !== 'linux' || PRLIMIT === undefined)('agents connect when a write is refused part way', () => {
  it('leaves the client file, the vault and the token as they were, and no cut backup, when the client file cannot be written', async () => {
    const { dataDir, user, env, token } = await setUp();
    const file = join(user, '.cursor', 'mcp.json');
    mkdirSync(join(user, '.cursor'));
    // Larger than the limit: its backup and its new text cannot be written; the vault and agents.json can.
    const before = JSON.stringify({ mcpServers: { mine: { command: 'x', args: ['y'.repeat(300_000)] } } });
    writeFileSync(file, before);
    const result = await runCliLimited(dataDir, ['agents', 'connect', 'a1', '--client', 'cursor'], env, 200_000);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('the largest file size allowed');
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(readdirSync(join(user, '.cursor'))).toEqual(['mcp.json']);
    await expectNoKeptToken(dataDir, env);
    await expectTokenStillWorks(dataDir, env, token);
  }, 120_000);

  it("removes the file it made and keeps no token when the agent's new token cannot be saved (agents.json refused)", async () => {
    // agents.json of several agents is larger than the limit; the new client file and the vault are not.
    const { dataDir, user, env, token } = await setUp(7);
    const result = await runCliLimited(dataDir, ['agents', 'connect', 'a1', '--client', 'cursor'], env, 2_500);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`${join(user, '.cursor', 'mcp.json')} was put back as it was`);
    expect(result.stderr).toContain('the largest file size allowed');
    expect(existsSync(join(user, '.cursor', 'mcp.json'))).toBe(false);
    // Nor the folder it made for it: an empty ~/.cursor would look like a Cursor set up.
    expect(existsSync(join(user, '.cursor'))).toBe(false);
    await expectNoKeptToken(dataDir, env);
    await expectTokenStillWorks(dataDir, env, token);
  }, 120_000);

  it('removes only the folders the failed connect made: ~/.config, there before, stays', async () => {
    const { dataDir, user, env, token } = await setUp(7);
    mkdirSync(join(user, '.config'));
    const result = await runCliLimited(dataDir, ['agents', 'connect', 'a1', '--client', 'vscode'], env, 2_500);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`${join(user, '.config', 'Code', 'User', 'mcp.json')} was put back as it was`);
    expect(readdirSync(join(user, '.config'))).toEqual([]);
    await expectNoKeptToken(dataDir, env);
    await expectTokenStillWorks(dataDir, env, token);
  }, 120_000);
});

describe('agents connect when the client file cannot be written at all', () => {
  it('refuses a file whose folder is a file, changing nothing', async () => {
    const { dataDir, user, env, token } = await setUp();
    writeFileSync(join(user, '.cursor'), 'not a folder');
    const result = await runCli(dataDir, ['agents', 'connect', 'a1', '--client', 'cursor'], { env, timeoutMs: 30_000 });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('a part of its path is not a folder');
    expect(readFileSync(join(user, '.cursor'), 'utf8')).toBe('not a folder');
    await expectNoKeptToken(dataDir, env);
    await expectTokenStillWorks(dataDir, env, token);
  }, 120_000);

  it('refuses a file its owner may not write (0444), whoever runs it, changing nothing', async () => {
    const { dataDir, user, env, token } = await setUp();
    const file = join(user, '.cursor', 'mcp.json');
    mkdirSync(join(user, '.cursor'));
    writeFileSync(file, '{"mcpServers":{}}\n');
    chmodSync(file, 0o444);
    const result = await runCli(dataDir, ['agents', 'connect', 'a1', '--client', 'cursor'], { env, timeoutMs: 30_000 });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`${file} is read-only (mode 0444)`);
    expect(readFileSync(file, 'utf8')).toBe('{"mcpServers":{}}\n');
    expect(readdirSync(join(user, '.cursor')).filter((name) => name.includes('backup'))).toEqual([]);
    await expectNoKeptToken(dataDir, env);
    await expectTokenStillWorks(dataDir, env, token);
  }, 120_000);
});
