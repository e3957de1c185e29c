import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

interface HttpEntry {
  url: string;
  headers: Record<string, string>;
}
interface StdioEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** What an agent does first: initialize, then list. Proves the entry reaches the bridge as this agent. */
async function speak(transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<string[]> {
  const client = new Client({ name: 'snippet-check', version: '1.0.0' });
  await client.connect(transport);
  try {
    expect(client.getServerVersion()?.name).toBeTruthy();
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

function viaHttp(entry: HttpEntry): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers: entry.headers } });
}

/**
 * As a client launches it: only the snippet's environment on top of a PATH without our bin or node,
 * in a folder that is not the project.
 */
function viaStdio(entry: StdioEntry, path = '/nonexistent'): StdioClientTransport {
  return new StdioClientTransport({ command: entry.command, args: entry.args, env: { PATH: path, ...entry.env }, cwd: tmpdir(), stderr: 'pipe' });
}

describe('agents config snippets run as printed', () => {
  let home: string;
  let served: Served;
  let token: string;
  beforeAll(async () => {
    home = tempHome('cs-snippet-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    // A tiny server the agent may list, without starting the demo servers.
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    // Before the app starts: while it runs, a new agent from the command line waits for the person.
    const add = await runCli(home, ['agents', 'add', 'snippets', '--servers', '*', '--json']);
    expect(add.code, add.stderr).toBe(0);
    token = (JSON.parse(add.stdout) as { token: string }).token;
    served = await startServe(home);
  });
  afterAll(async () => {
    await served.stop();
  });

  async function snippet(target: string, env: Record<string, string> = {}): Promise<unknown> {
    const result = await runCli(home, ['agents', 'config', 'snippets', '--for', target], { env: { CONNECTED_SERVICES_TOKEN: token, ...env } });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  }

  it('claude-code, cursor and vscode: the HTTP entry reaches the bridge', async () => {
    const code = (await snippet('claude-code')) as { mcpServers: Record<string, HttpEntry & { type: string }> };
    const cursor = (await snippet('cursor')) as { mcpServers: Record<string, HttpEntry> };
    const vscode = (await snippet('vscode')) as { servers: Record<string, HttpEntry & { type: string }> };
    for (const entry of [code.mcpServers['connected-services-snippets'], cursor.mcpServers['connected-services-snippets'], vscode.servers['connected-services-snippets']]) {
      expect(entry?.url).toBe(served.bridge);
      expect(await speak(viaHttp(entry!))).toEqual([]);
    }
  });

  it('claude-desktop: the command runs without our bin or node on PATH, from any folder', async () => {
    const config = (await snippet('claude-desktop')) as { mcpServers: Record<string, StdioEntry> };
    const entry = config.mcpServers['connected-services-snippets']!;
    expect(entry.command).toBe(process.execPath);
    expect(entry.args[0]).toBe(CLI);
    expect(entry.env['CONNECTED_SERVICES_TOKEN']).toBe(token);
    expect(await speak(viaStdio(entry))).toEqual([]);
  });

  it('acp: both the stdio entry (through `bridge --stdio`) and the HTTP entry work', async () => {
    const config = (await snippet('acp')) as {
      stdio: { name: string; command: string; args: string[]; env: { name: string; value: string }[] };
      http: { type: string; name: string; url: string; headers: { name: string; value: string }[] };
    };
    expect(config.stdio.args).toContain('--stdio');
    const env = Object.fromEntries(config.stdio.env.map((e) => [e.name, e.value]));
    expect(await speak(viaStdio({ command: config.stdio.command, args: config.stdio.args, env }))).toEqual([]);
    expect(config.http.type).toBe('http');
    const headers = Object.fromEntries(config.http.headers.map((h) => [h.name, h.value]));
    expect(await speak(viaHttp({ url: config.http.url, headers }))).toEqual([]);
  });

  it('uses the bare command only when it is on PATH as this very bin (a global install), and then it runs', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'cs-global-'));
    symlinkSync(CLI, join(bin, 'connected-services'));
    // The bin starts with `#!/usr/bin/env node`: a global install has node on PATH too.
    symlinkSync(process.execPath, join(bin, 'node'));
    const config = (await snippet('claude-desktop', { PATH: `${bin}:${process.env['PATH'] ?? ''}` })) as { mcpServers: Record<string, StdioEntry> };
    const entry = config.mcpServers['connected-services-snippets']!;
    expect(entry.command).toBe('connected-services');
    expect(await speak(viaStdio(entry, bin))).toEqual([]);
  });
});
