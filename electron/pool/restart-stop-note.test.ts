import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from './index';

const dirs: string[] = [];
const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const BOUND = 1024;

/**
 * A stdio server whose runs are counted in a file: the first answers its start and then sends a line
 * over the bound when a tool is called; the second sends one at once, so its start fails; the third runs.
 */
const SERVER = `
const fs = require('node:fs');
const file = process.argv[1];
const run = Number(fs.readFileSync(file, 'utf8')) + 1;
fs.writeFileSync(file, String(run));
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
const big = () => process.stdout.write('{"jsonrpc":"2.0","method":"x","params":"' + 'a'.repeat(${BOUND * 2}) + '"}\\n');
let rest = '';
process.stdin.on('data', (chunk) => {
  const lines = (rest + chunk).split('\\n');
  rest = lines.pop();
  for (const line of lines) {
    if (line.trim() === '') continue;
    const m = JSON.parse(line);
    if (m.id === undefined) continue;
    if (run === 2) return big();
    if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } });
    else if (m.method === 'tools/list') send({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: 'boom', inputSchema: { type: 'object' } }] } });
    else if (m.method === 'tools/call') big();
    else send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no' } });
  }
});
`;

describe('a server stopped for a line over the bound whose automatic restart fails the same way', () => {
  it('has the reason logged once per stop, not again as the failed restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool-restart-note-'));
    dirs.push(dir);
    const runs = join(dir, 'runs');
    writeFileSync(runs, '0');
    const lines: string[] = [];
    const pool = createPool({ cacheDir: dir, log: (line) => lines.push(line), maxMessageBytes: BOUND, restartPolicy: { baseDelayMs: 1, maxCrashes: 5, windowMs: 60_000 } });
    pools.push(pool);
    await pool.apply({ mcpServers: { s: { command: process.execPath, args: ['-e', SERVER, runs] } } });
    expect((await pool.start('s')).state).toBe('ready');
    // The third run comes up after the second one's failed start: both stops are behind it.
    const readyAgain = new Promise<void>((resolve) => pool.on('state', (status) => status.state === 'ready' && resolve()));
    await pool.callTool('s', 'boom', {}).catch(() => undefined);
    await readyAgain;
    const notes = lines.filter((line) => line.includes(`sent a message over`));
    expect(notes).toHaveLength(2);
    expect(pool.status('s').crashes).toBe(2);
  });
});
