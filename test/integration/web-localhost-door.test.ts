import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServer } from '../fixtures/servers/config';
import { runCli } from '../support/cli';
import { ipv6LoopbackMissing } from '../support/ipv6-loopback';
import { startServe, type Served } from '../support/serve';
import { send } from '../support/web-server-harness';

/** Another program on this computer: it holds [::1]:PORT, which a browser trying IPv6 first reaches as `localhost:PORT`. */
const SQUATTER = `
const seen = [];
const server = require('node:http').createServer((request, response) => {
  process.stdout.write(JSON.stringify({ seen: request.method + ' ' + request.url + ' ' + (request.headers.authorization ?? '') }) + '\\n');
  response.end('<h1>not Connected Services</h1>');
});
server.listen(Number(process.argv[1]), '::1', () => process.stdout.write(JSON.stringify({ listening: server.address().port }) + '\\n'));
`;

const noIpv6 = await ipv6LoopbackMissing();
if (noIpv6 !== undefined) console.warn(`web-localhost-door: ${noIpv6}`);

describe.skipIf(noIpv6 !== undefined)('the web UI is 127.0.0.1 only: nothing goes to `localhost`, which another process may hold on [::1]', () => {
  let home = '';
  let served: Served | undefined;
  let squatter: ChildProcess | undefined;
  const seen: string[] = [];
  let port = 0;

  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'cs-localhost-door-'));
    await writeFile(path.join(home, 'mcp.json'), JSON.stringify({ mcpServers: { basic: appServer('basic-vanillajs') } }));
    served = await startServe(home, [], { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' });
    port = Number(new URL(served.origin).port);
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
    expect((await served.api('approveServer', { name: 'basic' })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    squatter?.kill();
    await served?.stop();
    await rm(home, { recursive: true, force: true });
  });

  it('prints and records 127.0.0.1 addresses only, and the command line reaches serve there', async () => {
    if (!served) throw new Error('serve did not start');
    expect(new URL(served.printed).host).toBe(`127.0.0.1:${port}`);
    expect(new URL(await served.newLink()).host).toBe(`127.0.0.1:${port}`);
    const runtime = await readFile(path.join(home, 'runtime.json'), 'utf8');
    expect(runtime).not.toMatch(/localhost|\[::1\]/);
    const status = await runCli(home, ['status', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(seen).toEqual([]);
  }, 60_000);

  it('moves a page asked for as localhost to 127.0.0.1, and takes no call from a `localhost` page', async () => {
    if (!served) throw new Error('serve did not start');
    const moved = await send(port, '/', { headers: { host: `localhost:${port}` } });
    expect(moved.status).toBe(307);
    expect(moved.headers['location']).toBe(`http://127.0.0.1:${port}/`);
    const call = { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${served.secret}` }, body: '{}' };
    expect((await send(port, '/api/status', { ...call, headers: { ...call.headers, origin: `http://localhost:${port}` } })).status).toBe(403);
    expect((await send(port, '/api/status', { ...call, headers: { ...call.headers, origin: `http://127.0.0.1:${port}` } })).status).toBe(200);
    expect(seen).toEqual([]);
  }, 60_000);

  it('has an app framed by the 127.0.0.1 UI only', async () => {
    if (!served) throw new Error('serve did not start');
    const opened = await served.api('openApp', { server: 'basic', tool: 'get-time' });
    const address = (opened.body.result as { address: string }).address;
    const framed = await fetch(address, { headers: { 'sec-fetch-dest': 'iframe' } });
    expect(framed.headers.get('content-security-policy')).toMatch(new RegExp(`frame-ancestors http://127\\.0\\.0\\.1:${port}(;|$)`));
    expect(seen).toEqual([]);
  }, 60_000);
});
