import os from 'node:os';
import path from 'node:path';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';

/** A stdio MCP server in plain Node that names the folder it runs in, in its one tool's description. */
const WHERE_JS = `
const readline = require('node:readline');
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  const reply = (result) => send({ jsonrpc: '2.0', id: message.id, result });
  if (message.method === 'initialize') return reply({ protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'where', version: '1.0.0' } });
  if (message.method === 'tools/list') return reply({ tools: [{ name: 'where', description: 'runs in ' + process.cwd(), inputSchema: { type: 'object' } }] });
  if (message.method === 'ping') return reply({});
  send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'no such method' } });
});
`;

// A bundle installed before installs wrote `cwd`: its entry names its folder but no working directory.
describe('a bundle entry without cwd', () => {
  let root = '';
  let core: Core | undefined;

  afterEach(async () => {
    await core?.close();
    core = undefined;
    if (root !== '') await rm(root, { recursive: true, force: true });
  });

  it('starts in its bundle folder, and mcp.json stays as written', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-bundle-cwd-'));
    const folder = path.join(root, 'bundles', `io.example_where@1.0.0-${'c'.repeat(64)}`);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'index.js'), WHERE_JS);
    const entry = { command: process.execPath, args: [path.join(folder, 'index.js')] };
    const written = JSON.stringify({ mcpServers: { where: entry } });
    await writeFile(path.join(root, 'mcp.json'), written);
    core = await createCore({ dataDir: root, demo: false, env: process.env, vaultProvider: 'memory' });
    await core.api.approveServer({ name: 'where' });
    await core.api.restartServer({ name: 'where' });
    const tools = await core.api.listTools({ server: 'where' });
    expect(tools.map((t) => t.description)).toEqual([`runs in ${folder}`]);
    expect(await readFile(path.join(root, 'mcp.json'), 'utf8')).toBe(written);
  }, 60_000);
});
