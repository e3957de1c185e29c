import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProcStat } from '../../electron/fs-safe/lock-owner';
import { runCli, tempHome } from '../support/cli';

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });

// runtime.json is any local program's to write: `bridge --stdio` sends the token from the environment
// only to a bridge address as the app writes one, http://127.0.0.1:PORT.
describe.runIf(process.platform === 'linux')("bridge --stdio and runtime.json's bridge address", () => {
  it('refuses an address not on 127.0.0.1, sending the token nowhere, and follows one as the app writes it', async () => {
    const seen: string[] = [];
    // 127.0.0.2 is this machine too on Linux, but not where the app's bridge listens.
    const other = createServer((req, res) => {
      seen.push(req.headers.authorization ?? '');
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.2', resolve));
    // Where the app's bridge would be: the address as the app writes it is followed.
    const bridge = createServer((req, res) => {
      seen.push(`bridge ${req.headers.authorization ?? ''}`);
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => bridge.listen(0, '127.0.0.1', resolve));
    try {
      const home = tempHome('cs-runtime-bridge-');
      const { port } = other.address() as AddressInfo;
      // A live pid (this test's), so the file reads as a running app's.
      const runtime = { pid: process.pid, origin: 'http://127.0.0.1:1', secret: 's'.repeat(32), bridge: `http://127.0.0.2:${String(port)}/mcp`, startedAt: Date.now() };
      writeFileSync(join(home, 'runtime.json'), JSON.stringify(runtime), { mode: 0o600 });
      const refused = await runCli(home, ['bridge', '--stdio'], { env: { CONNECTED_SERVICES_TOKEN: 'cs_test_token' }, input: `${INITIALIZE}\n` });
      expect(refused.code, refused.stderr).not.toBe(0);
      expect(refused.stderr).toContain("runtime.json names a bridge address that is not the app's (http://127.0.0.1:PORT)");
      expect(refused.stdout).toBe('');
      expect(seen).toEqual([]);

      const at = (bridge.address() as AddressInfo).port;
      writeFileSync(join(home, 'runtime.json'), JSON.stringify({ ...runtime, bridge: `http://127.0.0.1:${String(at)}/mcp` }), { mode: 0o600 });
      await runCli(home, ['bridge', '--stdio'], { env: { CONNECTED_SERVICES_TOKEN: 'cs_test_token' }, input: `${INITIALIZE}\n` });
      expect(seen[0]).toBe('bridge Bearer cs_test_token');
    } finally {
      await new Promise((resolve) => bridge.close(resolve));
      await new Promise((resolve) => other.close(resolve));
    }
  }, 60_000);

  // A crashed app leaves runtime.json behind, naming a port another account may listen on by now.
  it('refuses a runtime.json whose process is gone, or whose pid another process now has, sending the token nowhere', async () => {
    const seen: string[] = [];
    const listener = createServer((req, res) => {
      seen.push(req.headers.authorization ?? '');
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    try {
      const home = tempHome('cs-runtime-dead-');
      const bridge = `http://127.0.0.1:${String((listener.address() as AddressInfo).port)}/mcp`;
      const runtime = { pid: gone.pid, origin: 'http://127.0.0.1:1', secret: 's'.repeat(32), bridge, startedAt: Date.now() };
      writeFileSync(join(home, 'runtime.json'), JSON.stringify(runtime), { mode: 0o600 });
      const dead = await runCli(home, ['bridge', '--stdio'], { env: { CONNECTED_SERVICES_TOKEN: 'cs_test_token' }, input: `${INITIALIZE}\n` });
      expect(dead.code, dead.stderr).toBe(7);
      expect(dead.stderr).toContain(`runtime.json names an app (pid ${String(gone.pid)}) that is no longer running`);

      // This test's own pid, live, but the owner record says the app started at another clock tick.
      const start = parseProcStat(readFileSync(`/proc/${String(process.pid)}/stat`, 'utf8'))?.start ?? '0';
      const owner = { v: 1, pid: process.pid, host: hostname(), nonce: 'nonce-crashed-app', start: `${start}1`, since: new Date().toISOString() };
      writeFileSync(join(home, 'runtime.json'), JSON.stringify({ ...runtime, pid: process.pid, owner }), { mode: 0o600 });
      const reused = await runCli(home, ['bridge', '--stdio'], { env: { CONNECTED_SERVICES_TOKEN: 'cs_test_token' }, input: `${INITIALIZE}\n` });
      expect(reused.code, reused.stderr).toBe(7);
      expect(reused.stdout).toBe('');
      expect(seen).toEqual([]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  }, 60_000);

  // With no runtime.json there is no bridge address to follow: the default or configured port is
  // anyone's to hold, another account's too.
  it('without runtime.json (and no app holding the folder) or with an app that has no bridge, sends the token nowhere', async () => {
    const seen: string[] = [];
    const listener = createServer((req, res) => {
      seen.push(req.headers.authorization ?? '');
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const home = tempHome('cs-runtime-none-');
      const port = (listener.address() as AddressInfo).port;
      writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { bridgePort: port } }), { mode: 0o600 });
      const none = await runCli(home, ['bridge', '--stdio'], { env: { CONNECTED_SERVICES_TOKEN: 'cs_test_token' }, input: `${INITIALIZE}\n` });
      expect(none.code, none.stderr).toBe(7);
      expect(none.stderr).toContain("(no runtime.json): the agent's token is not sent anywhere");
      expect(none.stderr).toContain('Start the app (`connected-services serve` or the desktop app)');
      expect(none.stdout).toBe('');

      // A live app (this test's pid) whose bridge did not start.
      const runtime = { pid: process.pid, origin: 'http://127.0.0.1:1', secret: 's'.repeat(32), bridge: null, startedAt: Date.now() };
      writeFileSync(join(home, 'runtime.json'), JSON.stringify(runtime), { mode: 0o600 });
      const bridgeless = await runCli(home, ['bridge', '--stdio'], { env: { CONNECTED_SERVICES_TOKEN: 'cs_test_token' }, input: `${INITIALIZE}\n` });
      expect(bridgeless.code, bridgeless.stderr).toBe(7);
      expect(bridgeless.stderr).toContain(`(pid ${String(process.pid)}) has no bridge`);
      expect(bridgeless.stdout).toBe('');
      expect(seen).toEqual([]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  }, 60_000);
});
