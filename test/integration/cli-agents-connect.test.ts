import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { confirmAsPerson, startServe, type Served } from '../support/serve';

/** Each client's user configuration as a person already has it: other servers and settings that must stay. */
const EXISTING = {
  'claude-code': { file: '.claude.json', text: `${JSON.stringify({ numStartups: 12, projects: { '/work/app': { mcpServers: {} } }, mcpServers: { github: { type: 'http', url: 'https://api.example.com/mcp' } } }, null, 2)}\n` },
  'claude-desktop': { file: '.config/Claude/claude_desktop_config.json', text: `${JSON.stringify({ mcpServers: { memory: { command: 'npx', args: ['-y', 'server-memory'] } }, globalShortcut: 'Ctrl+Space' }, null, 2)}\n` },
  cursor: { file: '.cursor/mcp.json', text: `{\n    "mcpServers": {\n        "linear": { "url": "https://mcp.linear.example/sse" }\n    }\n}\n` },
  vscode: {
    file: '.config/Code/User/mcp.json',
    text: `{\n\t// my servers\n\t"servers": {\n\t\t"fetch": { "type": "stdio", "command": "uvx", "args": ["mcp-server-fetch"] }, // keep me\n\t},\n\t"inputs": [\n\t\t{ "type": "promptString", "id": "gh", "description": "GitHub", "password": true }\n\t]\n}\n`,
  },
  windsurf: { file: '.codeium/windsurf/mcp_config.json', text: `${JSON.stringify({ mcpServers: { brave: { command: 'npx', args: ['brave'] } } }, null, 2)}\n` },
  'gemini-cli': { file: '.gemini/settings.json', text: `{\n  // theme first\n  "theme": "Dracula",\n  "mcpServers": {}\n}\n` },
} as const;
type ClientId = keyof typeof EXISTING;
const CLIENTS = Object.keys(EXISTING) as ClientId[];

/** The vault is sealed with a passphrase the clients' environment has, as where a person exports it. */
const PASSPHRASE = 'client tokens passphrase';
/** Anything that looks like a live token: ours (`cs_agent_…`) or any bearer value that is not a reference. */
const LIVE_TOKEN = /cs_agent_|Bearer (?!\$\{)/;

/** The words of a POSIX shell line as we quote them (bare, or single-quoted with `'\''`): argv, never a shell. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /'((?:[^']|'\\'')*)'|(\S+)/g;
  for (let m = re.exec(line); m !== null; m = re.exec(line)) words.push(m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!);
  return words;
}

/** Runs Claude Code's headersHelper as Claude Code would, but from argv without a shell: `NAME=value` words first, then the command. */
function runHeadersHelper(line: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const words = shellWords(line);
  const assigned: Record<string, string> = {};
  while (words[0] !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const word = words.shift()!;
    assigned[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
  }
  const [command, ...args] = words;
  return new Promise((resolve, reject) => {
    const child = spawn(command!, args, { shell: false, env: { ...process.env, ...env, ...assigned }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function backups(file: string): string[] {
  const dir = dirname(file);
  return readdirSync(dir).filter((n) => n.includes('.connected-services-backup-')).map((n) => join(dir, n));
}

// Each test runs several bundled CLI commands in a row, each up to seconds on a loaded machine.
describe('agents connect writes the bridge into each client\'s user configuration', { timeout: 120_000 }, () => {
  let dataDir: string;
  let user: string;
  const env = () => ({ HOME: user, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE });
  beforeAll(async () => {
    dataDir = await passphraseHome(PASSPHRASE, 'cs-connect-');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    user = mkdtempSync(join(tmpdir(), 'cs-user-'));
    for (const client of CLIENTS) {
      const file = join(user, EXISTING[client].file);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, EXISTING[client].text, { mode: 0o600 });
      const add = await runCli(dataDir, ['agents', 'add', client, '--servers', '*'], { env: env() });
      expect(add.code, add.stderr).toBe(0);
    }
  });

  it('finds every client for this user (HOME moved) and says where each keeps its servers', async () => {
    const result = await runCli(dataDir, ['agents', 'clients', '--json'], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    const list = JSON.parse(result.stdout) as { client: string; detected: boolean; file: string }[];
    for (const client of CLIENTS) expect(list.find((c) => c.client === client)).toMatchObject({ detected: true, file: join(user, EXISTING[client].file) });
  });

  it.each(CLIENTS)('%s: --dry-run prints the diff, hides the token and writes nothing', async (client) => {
    const file = join(user, EXISTING[client].file);
    const result = await runCli(dataDir, ['agents', 'connect', client, '--client', client, '--dry-run'], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`+++ ${file}`);
    expect(result.stdout).toMatch(new RegExp(`^\\+.*"connected-services-${client}"`, 'm'));
    expect(result.stdout).not.toContain('connected-services-planned-token');
    expect(result.stderr).toContain('nothing was written');
    // A dry run does nothing: what connecting would do is said as what would happen, and nothing is left to reload.
    expect(result.stderr).toContain(`note: ${client} would get a new token: clients set up with its old token would stop working`);
    if (client !== 'vscode') {
      expect(result.stderr).toContain("'s file: it would stay in the vault");
      // The helper the entry names opens this passphrase vault only with the passphrase where the client starts.
      expect(result.stderr).toContain('must have CONNECTED_SERVICES_PASSPHRASE set where it starts');
      expect(`${result.stdout}${result.stderr}`).not.toContain(PASSPHRASE);
    }
    // VS Code's `${input:…}` is a prompt, not a secret: the diff shows it as written; it starts no helper.
    else expect(result.stderr).not.toContain('CONNECTED_SERVICES_PASSPHRASE');
    if (client === 'vscode') expect(result.stdout).toMatch(/^\+\s*"Authorization": "Bearer \$\{input:connected-services-token-vscode\}",$/m);
    expect(result.stderr).not.toMatch(/gets a new token|is not written into|Restart the client/);
    expect(readFileSync(file, 'utf8')).toBe(EXISTING[client].text);
    expect(backups(file)).toEqual([]);
  });

  it.each(CLIENTS)('%s: connect merges the entry, keeps the rest (comments too) and a backup', async (client) => {
    const file = join(user, EXISTING[client].file);
    const result = await runCli(dataDir, ['agents', 'connect', client, '--client', client], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    const config = parse(text) as Record<string, Record<string, Record<string, unknown>>>;
    const before = parse(EXISTING[client].text) as Record<string, unknown>;
    const container = client === 'vscode' ? 'servers' : 'mcpServers';
    // Everything that was there is still there.
    for (const [key, value] of Object.entries(before)) {
      if (key === container) for (const [name, entry] of Object.entries(value as object)) expect(config[container]?.[name]).toEqual(entry);
      else if (key !== 'inputs') expect(config[key]).toEqual(value);
    }
    const ours = config[container]?.[`connected-services-${client}`];
    expect(ours).toBeDefined();
    const [backup, ...more] = backups(file);
    expect(more).toEqual([]);
    expect(readFileSync(backup!, 'utf8')).toBe(EXISTING[client].text);
    if (client === 'vscode') {
      expect(text).toContain('// my servers');
      expect(text).toContain('// keep me');
      expect(JSON.stringify(ours)).toContain('${input:connected-services-token-vscode}');
      // Whose entry it is, as the other clients' helpers say with `--agent`.
      expect(ours).toMatchObject({ headers: { 'X-Connected-Services-Agent': 'vscode' } });
      const inputs = (config as unknown as { inputs: { id: string; password?: boolean }[] }).inputs;
      expect(inputs.map((i) => i.id)).toEqual(['gh', 'connected-services-token-vscode']);
      expect(result.stdout).not.toMatch(/Bearer [A-Za-z0-9_-]{20,}/);
    }
    if (client === 'gemini-cli') expect(text).toContain('// theme first');
    // No live token in the file: the entry names a helper that reads it from the vault (VS Code: its own prompt).
    expect(text).not.toMatch(LIVE_TOKEN);
    expect(result.stdout).not.toMatch(LIVE_TOKEN);
    if (client === 'claude-code') expect(ours?.['headersHelper']).toMatch(/ bridge headers --agent claude-code$/);
    else if (client !== 'vscode') expect(ours?.['args']).toEqual(expect.arrayContaining(['bridge', '--stdio', '--agent', client]));
    if (client !== 'vscode') expect(result.stderr).toContain("'s file: it stays in the vault");
  });

  it('one agent in a second client keeps the token the vault holds (nothing stops working)', async () => {
    const before = await runCli(dataDir, ['bridge', 'headers', '--agent', 'cursor'], { env: env() });
    expect(before.code, before.stderr).toBe(0);
    const dry = await runCli(dataDir, ['agents', 'connect', 'cursor', '--client', 'windsurf', '--dry-run'], { env: env() });
    expect(dry.stderr).not.toContain('new token');
    const result = await runCli(dataDir, ['agents', 'connect', 'cursor', '--client', 'windsurf'], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('has a new token');
    const windsurf = JSON.parse(readFileSync(join(user, EXISTING.windsurf.file), 'utf8')) as { mcpServers: Record<string, { args: string[] }> };
    expect(windsurf.mcpServers['connected-services-cursor']?.args.slice(-3)).toEqual(['--stdio', '--agent', 'cursor']);
    const after = await runCli(dataDir, ['bridge', 'headers', '--agent', 'cursor'], { env: env() });
    expect(after.stdout).toBe(before.stdout);
  });

  it('the helper gives nothing without the vault\'s passphrase, for a name that is no agent, or to a bridge elsewhere', async () => {
    const locked = await runCli(dataDir, ['bridge', 'headers', '--agent', 'cursor'], { env: { ...env(), CONNECTED_SERVICES_PASSPHRASE: '' } });
    expect(locked.code).not.toBe(0);
    expect(locked.stdout).toBe('');
    // The helper never asks (standard input is the client's): the fix is where the client starts, not a terminal.
    expect(locked.stderr).toContain('The helper cannot ask');
    expect(locked.stderr).toContain('Set CONNECTED_SERVICES_PASSPHRASE where the client starts');
    expect(locked.stderr).not.toContain('run the command in a terminal');
    const nobody = await runCli(dataDir, ['bridge', 'headers', '--agent', 'nobody'], { env: env() });
    expect(nobody.stderr).toContain('No agent named "nobody"');
    const elsewhere = await runCli(dataDir, ['bridge', 'headers', '--agent', 'cursor'], { env: { ...env(), CLAUDE_CODE_MCP_SERVER_URL: 'https://mcp.example.com/mcp' } });
    expect(elsewhere.stderr).toContain('not on this machine');
    expect(elsewhere.stdout).toBe('');
    // No app runs for this folder: the bridge's port is whoever holds it now (another account, another folder's app).
    const noApp = await runCli(dataDir, ['bridge', 'headers', '--agent', 'cursor'], { env: { ...env(), CLAUDE_CODE_MCP_SERVER_URL: 'http://127.0.0.1:47781/mcp' } });
    expect(noApp.stderr).toContain('is not running');
    // bridge headers takes no --url: its hint does not offer one.
    expect(noApp.stderr).not.toContain('--url');
    expect(noApp.stdout).toBe('');
  });

  it('without a vault a helper can open, the token goes into the file and the diff and notes say so', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cs-user-plain-'));
    const add = await runCli(dataDir, ['agents', 'add', 'plain', '--servers', '*'], { env: env() });
    expect(add.code, add.stderr).toBe(0);
    const memory = { HOME: home, CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' };
    const dry = await runCli(dataDir, ['agents', 'connect', 'plain', '--client', 'cursor', '--dry-run'], { env: memory });
    expect(dry.stdout).toContain('does not exist yet; it would be created:');
    expect(dry.stdout).toContain('"Authorization"');
    expect(dry.stdout).not.toContain('cs_agent_');
    expect(dry.stderr).toContain('The token itself would be written into this file, which would be made yours alone');
    expect(dry.stderr).toContain('the entry would name a helper instead');
    const result = await runCli(dataDir, ['agents', 'connect', 'plain', '--client', 'cursor'], { env: memory });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('does not exist yet; it will be created:');
    expect(result.stderr).toContain('The token itself is written into this file, which is made yours alone');
    const token = /Bearer ([^"]+)"/.exec(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8'))?.[1] ?? '';
    expect(token).toMatch(/^cs_agent_/);
    expect(result.stdout + result.stderr).not.toContain(token);
  });

  it('a token written into a client file others could read makes the file private; its backup is private from the start', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cs-user-shared-mode-'));
    const file = join(home, '.cursor', 'mcp.json');
    mkdirSync(join(home, '.cursor'), { recursive: true });
    writeFileSync(file, JSON.stringify({ mcpServers: {} }), { mode: 0o644 });
    chmodSync(file, 0o644);
    expect((await runCli(dataDir, ['agents', 'add', 'shared', '--servers', '*'], { env: env() })).code).toBe(0);
    const memory = { HOME: home, CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' };
    const result = await runCli(dataDir, ['agents', 'connect', 'shared', '--client', 'cursor'], { env: memory });
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('Bearer cs_agent_');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const [backup] = backups(file);
    expect(backup).toBeDefined();
    expect(statSync(backup as string).mode & 0o777).toBe(0o600);
  });

  it('the printed snippet, pasted, is the entry connect writes: one entry for one agent, not two', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cs-user-pasted-'));
    const add = await runCli(dataDir, ['agents', 'add', 'pasted', '--servers', '*'], { env: env() });
    expect(add.code, add.stderr).toBe(0);
    const printed = await runCli(dataDir, ['agents', 'config', 'pasted', '--for', 'claude-code'], { env: env() });
    expect(printed.code, printed.stderr).toBe(0);
    writeFileSync(join(home, '.claude.json'), printed.stdout, { mode: 0o600 });
    const memory = { HOME: home, CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' };
    const result = await runCli(dataDir, ['agents', 'connect', 'pasted', '--client', 'claude-code'], { env: memory });
    expect(result.code, result.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(config.mcpServers)).toEqual(['connected-services-pasted']);
  });

  it('disconnecting the last entry leaves ~/.claude.json tidy (an empty object, no blank line)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cs-user-last-'));
    expect((await runCli(dataDir, ['agents', 'add', 'last', '--servers', '*'], { env: env() })).code).toBe(0);
    const before = `${JSON.stringify({ numStartups: 3, mcpServers: {} }, null, 2)}\n`;
    writeFileSync(join(home, '.claude.json'), before, { mode: 0o600 });
    const memory = { HOME: home, CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' };
    expect((await runCli(dataDir, ['agents', 'connect', 'last', '--client', 'claude-code'], { env: memory })).code).toBe(0);
    const result = await runCli(dataDir, ['agents', 'disconnect', 'last', '--client', 'claude-code'], { env: memory });
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(home, '.claude.json'), 'utf8')).toBe(before);
  });

  it('disconnect removes only our entry (and VS Code\'s input), keeping comments and a backup', async () => {
    for (const client of ['vscode', 'cursor'] as const) {
      const file = join(user, EXISTING[client].file);
      const result = await runCli(dataDir, ['agents', 'disconnect', client, '--client', client], { env: env() });
      expect(result.code, result.stderr).toBe(0);
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain(`connected-services-${client}`);
      expect(parse(text)).toEqual(parse(EXISTING[client].text));
      if (client === 'vscode') expect(text).toContain('// keep me');
      expect(backups(file)).toHaveLength(2);
    }
    // The vault's copy stays while a client still names the helper (Windsurf holds cursor's), and goes with the last.
    expect((await runCli(dataDir, ['bridge', 'headers', '--agent', 'cursor'], { env: env() })).code).toBe(0);
    expect((await runCli(dataDir, ['bridge', 'headers', '--agent', 'claude-desktop'], { env: env() })).code).toBe(0);
    const last = await runCli(dataDir, ['agents', 'disconnect', 'claude-desktop', '--client', 'claude-desktop'], { env: env() });
    expect(last.code, last.stderr).toBe(0);
    const gone = await runCli(dataDir, ['bridge', 'headers', '--agent', 'claude-desktop'], { env: env() });
    expect(gone.stderr).toContain('keeps no token for agent "claude-desktop"');
  });

  it('refuses a configuration linked out of the home folder, and project files are never touched', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'cs-outside-'));
    const target = join(outside, 'mcp.json');
    writeFileSync(target, '{"mcpServers":{}}\n');
    const linked = mkdtempSync(join(tmpdir(), 'cs-user-link-'));
    mkdirSync(join(linked, '.cursor'));
    symlinkSync(target, join(linked, '.cursor', 'mcp.json'));
    const result = await runCli(dataDir, ['agents', 'connect', 'cursor', '--client', 'cursor'], { env: { HOME: linked } });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('outside your home folder');
    expect(readFileSync(target, 'utf8')).toBe('{"mcpServers":{}}\n');
    expect(existsSync(join(process.cwd(), '.cursor', 'mcp.json'))).toBe(false);
  });

  it('refuses a configuration nesting deeper than any client writes, saying so instead of overflowing the stack', async () => {
    const deep = mkdtempSync(join(tmpdir(), 'cs-user-deep-'));
    mkdirSync(join(deep, '.cursor'));
    const file = join(deep, '.cursor', 'mcp.json');
    const text = `{"mcpServers":{}, "x": ${'['.repeat(200_000)}${']'.repeat(200_000)}}\n`;
    writeFileSync(file, text);
    const result = await runCli(dataDir, ['agents', 'connect', 'cursor', '--client', 'cursor'], { env: { HOME: deep } });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('nests deeper than 64 levels');
    expect(result.stderr).not.toContain('call stack');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  describe('while the app runs', () => {
    let stop: (() => Promise<void>) | undefined;
    let running: Served | undefined;
    const served = (): Served => running!;
    afterAll(async () => stop?.());
    it('connecting waits for the person; the headersHelper written, run as Claude Code runs it, opens the bridge as its agent', async () => {
      const served = await startServe(dataDir, [], env());
      running = served;
      stop = async () => void (await served.stop());
      const asked = await runCli(dataDir, ['agents', 'connect', 'claude-code', '--client', 'claude-code'], { env: env() });
      await confirmAsPerson(served, asked);
      const text = readFileSync(join(user, '.claude.json'), 'utf8');
      expect(text).not.toMatch(LIVE_TOKEN);
      const config = JSON.parse(text) as { mcpServers: Record<string, { url: string; headersHelper: string }> };
      const entry = config.mcpServers['connected-services-claude-code']!;
      expect(entry.url).toBe(served.bridge);
      const helper = await runHeadersHelper(entry.headersHelper, { HOME: user, CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE, CLAUDE_CODE_MCP_SERVER_URL: entry.url });
      expect(helper.code, helper.stderr).toBe(0);
      const headers = JSON.parse(helper.stdout) as Record<string, string>;
      expect(Object.keys(headers)).toEqual(['Authorization']);
      // Another port on 127.0.0.1 (another program's, or another data folder's app) gets nothing.
      const other = `http://127.0.0.1:${Number(new URL(entry.url).port) === 9 ? 10 : 9}/mcp`;
      const elsewhere = await runHeadersHelper(entry.headersHelper, { HOME: user, CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE, CLAUDE_CODE_MCP_SERVER_URL: other });
      expect(elsewhere.code).not.toBe(0);
      expect(elsewhere.stdout).toBe('');
      expect(elsewhere.stderr).toContain(`is not the running app's bridge (${entry.url})`);
      const client = new Client({ name: 'claude-code', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers } }));
      expect((await client.listTools()).tools).toEqual([]);
      await client.close();
      const agents = (await served.api('listAgents', {})).body.result as { name: string; lastUsedAt?: number }[];
      expect(agents.find((a) => a.name === 'claude-code')?.lastUsedAt).toBeGreaterThan(0);
    });

    it('the stdio entry written for Windsurf, started as Windsurf starts it (argv, no shell), lists the tools through the bridge', async () => {
      const config = JSON.parse(readFileSync(join(user, EXISTING.windsurf.file), 'utf8')) as { mcpServers: Record<string, { command: string; args: string[]; env?: Record<string, string> }> };
      const entry = config.mcpServers['connected-services-cursor']!;
      const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env: { ...entry.env, HOME: user, CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE }, stderr: 'pipe' });
      const client = new Client({ name: 'windsurf', version: '1.0.0' });
      await client.connect(transport);
      expect((await client.listTools()).tools).toEqual([]);
      await client.close();
    });

    it('rotating the agent moves the vault\'s copy, so the helper keeps working; removing it forgets the copy', async () => {
      const before = await runCli(dataDir, ['bridge', 'headers', '--agent', 'gemini-cli'], { env: env() });
      expect(before.code, before.stderr).toBe(0);
      await confirmAsPerson(served(), await runCli(dataDir, ['agents', 'rotate', 'gemini-cli'], { env: env() }));
      const after = await runCli(dataDir, ['bridge', 'headers', '--agent', 'gemini-cli'], { env: env() });
      expect(after.code, after.stderr).toBe(0);
      expect(after.stdout).not.toBe(before.stdout);
      const removed = await runCli(dataDir, ['agents', 'remove', 'gemini-cli'], { env: env() });
      expect(removed.code, removed.stderr).toBe(0);
      const gone = await runCli(dataDir, ['bridge', 'headers', '--agent', 'gemini-cli'], { env: env() });
      expect(gone.code).not.toBe(0);
      expect(gone.stdout).toBe('');
    });
  });
});
