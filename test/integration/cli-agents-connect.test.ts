import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { confirmAsPerson, startServe } from '../support/serve';

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

function backups(file: string): string[] {
  const dir = dirname(file);
  return readdirSync(dir).filter((n) => n.includes('.connected-services-backup-')).map((n) => join(dir, n));
}

describe('agents connect writes the bridge into each client\'s user configuration', () => {
  let dataDir: string;
  let user: string;
  const env = () => ({ HOME: user, XDG_CONFIG_HOME: '' });
  beforeAll(async () => {
    dataDir = tempHome('cs-connect-');
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
      const inputs = (config as unknown as { inputs: { id: string; password?: boolean }[] }).inputs;
      expect(inputs.map((i) => i.id)).toEqual(['gh', 'connected-services-token-vscode']);
      expect(result.stdout).not.toMatch(/Bearer [A-Za-z0-9_-]{20,}/);
    }
    if (client === 'gemini-cli') expect(text).toContain('// theme first');
    // Where the token is in the file, it is this agent's: `agents config` accepts only the agent's own token.
    const token = /Bearer ([^"$]+)"/.exec(text)?.[1] ?? (ours?.['env'] as Record<string, string> | undefined)?.['CONNECTED_SERVICES_TOKEN'];
    if (client !== 'vscode') {
      expect(token).toBeTruthy();
      expect(result.stdout).not.toContain(token!);
      const check = await runCli(dataDir, ['agents', 'config', client, '--for', 'cursor', '--token', token!], { env: env() });
      expect(check.code, check.stderr).toBe(0);
    }
  });

  it('one agent in a second client keeps the token the first one holds (nothing stops working)', async () => {
    const cursorFile = join(user, EXISTING.cursor.file);
    const cursorToken = /Bearer ([^"$]+)"/.exec(readFileSync(cursorFile, 'utf8'))?.[1] ?? '';
    const dry = await runCli(dataDir, ['agents', 'connect', 'cursor', '--client', 'windsurf', '--dry-run'], { env: env() });
    expect(dry.stderr).not.toContain('new token');
    const result = await runCli(dataDir, ['agents', 'connect', 'cursor', '--client', 'windsurf'], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('has a new token');
    const windsurf = JSON.parse(readFileSync(join(user, EXISTING.windsurf.file), 'utf8')) as { mcpServers: Record<string, { headers: Record<string, string> }> };
    expect(windsurf.mcpServers['connected-services-cursor']?.headers['Authorization']).toBe(`Bearer ${cursorToken}`);
    const check = await runCli(dataDir, ['agents', 'config', 'cursor', '--for', 'cursor', '--token', cursorToken], { env: env() });
    expect(check.code, check.stderr).toBe(0);
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

  describe('while the app runs', () => {
    let stop: (() => Promise<void>) | undefined;
    afterAll(async () => stop?.());
    it('connecting waits for the person, then the entry written reaches the bridge as its agent', async () => {
      const served = await startServe(dataDir, [], env());
      stop = async () => void (await served.stop());
      const asked = await runCli(dataDir, ['agents', 'connect', 'claude-code', '--client', 'claude-code'], { env: env() });
      await confirmAsPerson(served, asked);
      const config = JSON.parse(readFileSync(join(user, '.claude.json'), 'utf8')) as { mcpServers: Record<string, { url: string; headers: Record<string, string> }> };
      const entry = config.mcpServers['connected-services-claude-code']!;
      expect(entry.url).toBe(served.bridge);
      const client = new Client({ name: 'claude-code', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers: entry.headers } }));
      expect((await client.listTools()).tools).toEqual([]);
      await client.close();
      const agents = (await served.api('listAgents', {})).body.result as { name: string; lastUsedAt?: number }[];
      expect(agents.find((a) => a.name === 'claude-code')?.lastUsedAt).toBeGreaterThan(0);
    });
  });
});
