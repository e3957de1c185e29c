import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIALIZE } from '../support/bridge-harness';
import { runCli, tempHome } from '../support/cli';
import { ipv6LoopbackMissing } from '../support/ipv6-loopback';
import { startServe, type Served } from '../support/serve';

/** Another program on this computer: it holds [::1]:PORT, which a client trying IPv6 first reaches as `localhost:PORT`. */
const SQUATTER = `
const server = require('node:http').createServer((request, response) => {
  const seen = request.headers.authorization ?? '';
  process.stdout.write(JSON.stringify({ seen }) + '\\n');
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ seen }));
});
server.listen(Number(process.argv[1]), '::1', () => process.stdout.write(JSON.stringify({ listening: server.address().port }) + '\\n'));
`;

/** An agent's initialize, sent to `address` with the Host its configured URL names. */
function initialize(address: string, port: number, host: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` };
    const req = request({ host: address, port, method: 'POST', path: '/mcp', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

const noIpv6 = await ipv6LoopbackMissing();
if (noIpv6 !== undefined) console.warn(`bridge-localhost-door: ${noIpv6}`);

describe.skipIf(noIpv6 !== undefined)('the bridge is 127.0.0.1 only: an agent told `localhost` may hand its token to whoever holds [::1]:PORT', () => {
  let home = '';
  let served: Served | undefined;
  let squatter: ChildProcess | undefined;
  let token = '';
  let port = 0;
  const seen: string[] = [];

  beforeAll(async () => {
    home = tempHome('cs-bridge-localhost-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    // Before the app starts: while it runs, an agent added from the command line waits for the person.
    const add = await runCli(home, ['agents', 'add', 'desk', '--servers', '*', '--for', 'cursor', '--json']);
    expect(add.code, add.stderr).toBe(0);
    token = (JSON.parse(add.stdout) as { token: string }).token;
    served = await startServe(home);
    if (served.bridge === null) throw new Error('serve started no bridge');
    port = Number(new URL(served.bridge).port);
    const child = spawn(process.execPath, ['-e', SQUATTER, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    squatter = child;
    const lines = createInterface({ input: child.stdout });
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the second process could not bind [::1]:${port} (exit ${String(code)})`)));
      lines.on('line', (line) => {
        const message = JSON.parse(line) as { listening?: number; seen?: string };
        if (message.listening === port) resolve();
        if (message.seen !== undefined) seen.push(message.seen);
      });
    });
  }, 60_000);

  afterAll(async () => {
    squatter?.kill();
    await served?.stop();
  });

  it('gives agents the 127.0.0.1 address, which reaches the bridge only, and says why not localhost', async () => {
    if (!served?.bridge) throw new Error('serve did not start');
    expect(served.bridge).toBe(`http://127.0.0.1:${port}/mcp`);
    const config = await runCli(home, ['agents', 'config', 'desk', '--for', 'cursor']);
    expect(config.code, config.stderr).toBe(0);
    expect(config.stdout).toContain(`"url": "http://127.0.0.1:${port}/mcp"`);
    expect(config.stdout).not.toMatch(/localhost|\[::1\]/);
    expect(config.stderr).toContain(`# the bridge's address is http://127.0.0.1:${port}/mcp: where you write it yourself, keep 127.0.0.1, never localhost or [::1]`);
    expect((await initialize('127.0.0.1', port, `127.0.0.1:${port}`, token)).status).toBe(200);
    expect(seen).toEqual([]);
  }, 60_000);

  it('an agent using localhost: its IPv6 attempt hands the token to the other program; its IPv4 one is refused, naming the address', async () => {
    // What a client whose resolver answers ::1 first for localhost (most do) sends: nothing of ours can stop it.
    const taken = await initialize('::1', port, `localhost:${port}`, token);
    expect(JSON.parse(taken.body)).toEqual({ seen: `Bearer ${token}` });
    // Falling back to 127.0.0.1 (nothing on ::1), it reaches the bridge, which refuses the name so the entry gets fixed.
    const refused = await initialize('127.0.0.1', port, `localhost:${port}`, token);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain(`the bridge's address is http://127.0.0.1:${port}/mcp, not localhost:${port}`);
  }, 60_000);

  it('the token helpers and bridge --stdio give nothing to a localhost or [::1] bridge address', async () => {
    const before = seen.length;
    for (const url of [`http://localhost:${port}/mcp`, `http://[::1]:${port}/mcp`]) {
      const headers = await runCli(home, ['bridge', 'headers', '--agent', 'desk'], { env: { CLAUDE_CODE_MCP_SERVER_URL: url } });
      expect(headers.code, url).not.toBe(0);
      expect(headers.stdout).toBe('');
      expect(headers.stderr).toContain("is not the bridge's address");
      // The fix names the address meant: the port and path are those typed.
      expect(headers.stderr).toContain(`Use http://127.0.0.1:${port}/mcp`);
      const stdio = await runCli(home, ['bridge', '--stdio', '--agent', 'desk', '--url', url]);
      expect(stdio.code, url).not.toBe(0);
      expect(stdio.stderr).toContain("is not the bridge's address");
      expect(stdio.stderr).toContain(`Use http://127.0.0.1:${port}/mcp`);
      // The token given in the environment instead: the same.
      const fromEnv = await runCli(home, ['bridge', '--stdio', '--url', url], { env: { CONNECTED_SERVICES_TOKEN: token }, input: `${INITIALIZE}\n` });
      expect(fromEnv.code, url).not.toBe(0);
      expect(fromEnv.stderr).toContain("is not the bridge's address");
    }
    expect(seen).toHaveLength(before);
  }, 60_000);
});
