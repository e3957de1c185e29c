import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createBridge, type Bridge } from '../../electron/bridge';
import { freePort } from '../support/ports';
import { everythingServer, faultServer, ROOT } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { firstText, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { tsEntry } from '../support/ts-entry';

const SHIM = fileURLToPath(new URL('../fixtures/bridge/shim-process.ts', import.meta.url));
const BUSY_CLIENT = fileURLToPath(new URL('../fixtures/bridge/busy-progress-client.ts', import.meta.url));
const open: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

function shimEnv(url: string, token: string | undefined): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', BRIDGE_URL: url };
  if (token !== undefined) env['CONNECTED_SERVICES_TOKEN'] = token;
  return env;
}

/** An unmodified SDK client that spawns the shim as its stdio server, as Claude Desktop would. */
async function stdioAgent(url: string, token: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: tsEntry(SHIM), cwd: ROOT, env: shimEnv(url, token), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'stdio-agent', version: '1.0.0' });
  await client.connect(transport);
  open.push({ close: () => client.close() });
  return { client, stderr: () => stderr };
}

/** Runs the shim alone and collects how it ended. */
function runShim(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, tsEntry(SHIM), { cwd: ROOT, env, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

async function bridgeWith(servers: Parameters<typeof startBridge>[0]): Promise<{ h: BridgeHarness; token: string }> {
  const h = await startBridge(servers);
  open.push(h);
  const { token } = await h.bridge.agents.add('desktop', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
  return { h, token };
}

describe('the stdio shim (bridge --stdio)', () => {
  it('relays tools, progress and cancellation between a stdio client and the bridge', async () => {
    const { h, token } = await bridgeWith({ everything: everythingServer(), fault: faultServer() });
    await h.pool.start('fault');
    const { client } = await stdioAgent(h.bridge.url, token);
    expect(client.getServerVersion()?.name).toBe('connected-services');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('fault__slow');
    expect(firstText(await client.callTool({ name: 'everything__echo', arguments: { message: 'via stdio' } }))).toBe('Echo: via stdio');

    const progress: number[] = [];
    await client.callTool({ name: 'fault__progress', arguments: { steps: 3 } }, undefined, { onprogress: (p) => progress.push(p.progress) });
    expect(progress).toEqual([1, 2, 3]);

    const controller = new AbortController();
    const slow = client.callTool({ name: 'fault__slow', arguments: { ms: 20_000 } }, undefined, { signal: controller.signal });
    // Cancelled before it reached the server, the call would never go upstream: wait until it has.
    await waitFor('the slow call at the server', async () => {
      const seen = JSON.parse(firstText(await client.callTool({ name: 'fault__seen', arguments: {} }))) as { started: number };
      return seen.started >= 1;
    });
    controller.abort();
    await expect(slow).rejects.toThrow();
    await waitFor('the cancellation upstream', async () => {
      const seen = JSON.parse(firstText(await client.callTool({ name: 'fault__seen', arguments: {} }))) as { cancelled: number };
      return seen.cancelled >= 1;
    });
    expect(h.bridge.connections().some((c) => c.agent === 'desktop' && c.client?.name === 'stdio-agent')).toBe(true);
  });

  it('a client too busy to read at once still gets every step before the answer: the shim waits for its answer to a ping', async () => {
    const { h, token } = await bridgeWith({ fault: faultServer() });
    await h.pool.start('fault');
    // The client runs apart from the bridge, so the bridge relays the later steps and the answer while the client is busy.
    const child = spawn(process.execPath, tsEntry(BUSY_CLIENT), { cwd: ROOT, env: { ...shimEnv(h.bridge.url, token), BUSY_MS: '300' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(JSON.parse(out)).toEqual({ progress: [1, 2, 3], isError: false });
  });

  it('continues on a new session when the bridge restarts', async () => {
    const first = await bridgeWith({ everything: everythingServer() });
    const port = first.h.bridge.port;
    const { client, stderr } = await stdioAgent(first.h.bridge.url, first.token);
    expect(firstText(await client.callTool({ name: 'everything__echo', arguments: { message: 'before' } }))).toBe('Echo: before');
    await first.h.bridge.close();
    const again: Bridge = await createBridge({ pool: first.h.pool, dataDir: first.h.dataDir, port });
    open.push(again);
    expect(firstText(await client.callTool({ name: 'everything__echo', arguments: { message: 'after' } }))).toBe('Echo: after');
    expect(stderr()).toContain('continued on a new session');
  });

  it('starts over on a second initialize: the first session ends, the next answers, with nothing said on stderr', async () => {
    const { h, token } = await bridgeWith({ everything: everythingServer() });
    const child = spawn(process.execPath, tsEntry(SHIM), { cwd: ROOT, env: shimEnv(h.bridge.url, token), stdio: ['pipe', 'pipe', 'pipe'] });
    open.push({ close: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.stdin.end()))) });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const send = (message: object): boolean => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    const answered = (id: number): Promise<Record<string, unknown>> =>
      waitFor(`answer ${id}`, () => {
        const line = out.split('\n').find((l) => l.includes(`"id":${id},`) || l.endsWith(`"id":${id}}`));
        return line === undefined ? undefined : (JSON.parse(line) as Record<string, unknown>);
      });
    const initialize = { method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'again', version: '1' } } };
    send({ id: 1, ...initialize });
    expect((await answered(1))['result']).toBeDefined();
    send({ method: 'notifications/initialized' });
    send({ id: 2, ...initialize });
    expect((await answered(2))['result']).toBeDefined();
    send({ method: 'notifications/initialized' });
    send({ id: 3, method: 'tools/call', params: { name: 'everything__echo', arguments: { message: 'after' } } });
    expect(JSON.stringify(await answered(3))).toContain('Echo: after');
    // One session: the first was ended, not left open beside the next one.
    expect(h.bridge.connections().filter((c) => c.agent === 'desktop')).toHaveLength(1);
    expect(err).toBe('');
  });

  it('explains a missing token, a refused token and an unreachable bridge on stderr, and exits', async () => {
    const { h } = await bridgeWith({});
    const missing = await runShim(shimEnv(h.bridge.url, undefined));
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('CONNECTED_SERVICES_TOKEN is not set');
    expect(missing.stderr).toContain('agents add');
    const refused = await runShim(shimEnv(h.bridge.url, 'cs_agent_not-a-real-token'));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('refused the agent token');
    expect(refused.stderr).not.toContain('not-a-real-token');
    const port = await freePort();
    const unreachable = await runShim(shimEnv(`http://127.0.0.1:${port}/mcp`, 'cs_agent_x'));
    expect(unreachable.code).not.toBe(0);
    expect(unreachable.stderr).toContain('cannot reach the Connected Services bridge');
  });
});
