import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// runtime.json is any local program's to write. A command sends the command line's credential and
// what it carries (a secret's value) only to an App API address as the app writes it, and prints an
// agent's token only beside a bridge address as the app writes it.
describe.runIf(process.platform === 'linux')("the CLI and runtime.json's addresses", () => {
  const seen: string[] = [];
  let elsewhere: Server;
  let wrongShape: Server;
  const listen = async (server: Server, host: string): Promise<number> => {
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return (server.address() as AddressInfo).port;
  };
  let elsewherePort = 0;
  let wrongShapePort = 0;

  beforeAll(async () => {
    // 127.0.0.2 is this machine on Linux, standing in for an address off it: not where the app listens.
    elsewhere = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push(`${req.url ?? ''} ${body}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":{}}');
      });
    });
    elsewherePort = await listen(elsewhere, '127.0.0.2');
    // An "app" on 127.0.0.1 answering every method with a result of the wrong shape.
    wrongShape = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":null}'));
    wrongShapePort = await listen(wrongShape, '127.0.0.1');
  });
  afterAll(async () => {
    await new Promise((resolve) => elsewhere.close(resolve));
    await new Promise((resolve) => wrongShape.close(resolve));
  });

  const runtime = (home: string, fields: Record<string, unknown>): void => {
    // A live pid (this test's), so the file reads as a running app's.
    const base = { pid: process.pid, origin: 'http://127.0.0.1:1', secret: 's'.repeat(32), bridge: null, startedAt: Date.now() };
    writeFileSync(join(home, 'runtime.json'), JSON.stringify({ ...base, ...fields }), { mode: 0o600 });
  };

  it('sends a secret to no App API address that is not the app\'s, and says what to do', async () => {
    const home = tempHome('cs-runtime-origin-');
    runtime(home, { origin: `http://127.0.0.2:${String(elsewherePort)}` });
    const stored = await runCli(home, ['secrets', 'set', 'k2'], { input: 'ANOTHERSECRET4567\n' });
    expect(stored.code, stored.stderr).toBe(4);
    expect(stored.stderr).toContain("runtime.json names an App API address that is not the app's (http://127.0.0.1:PORT): nothing is sent there");
    expect(stored.stderr).toContain('hint: If the app runs, restart it');
    const status = await runCli(home, ['status']);
    expect(status.code).toBe(4);
    expect(seen).toEqual([]);
  }, 60_000);

  it("prints an agent's token beside no bridge address that is not the app's", async () => {
    const home = tempHome('cs-runtime-bridge-config-');
    const added = await runCli(home, ['agents', 'add', 'bot1', '--servers', 'everything']);
    expect(added.code, added.stderr).toBe(0);
    const token = /cs_agent_[A-Za-z0-9_-]+/.exec(added.stdout)?.[0];
    expect(token).toBeDefined();
    // No app answers at the origin, so this process's own core answers, reading the bridge from the file.
    runtime(home, { bridge: 'http://evil.example:80/mcp' });
    const config = await runCli(home, ['agents', 'config', 'bot1', '--for', 'claude-code', '--token-stdin'], { input: `${token ?? ''}\n` });
    expect(config.code, config.stderr).toBe(0);
    expect(config.stdout).not.toContain('evil.example');
    expect(config.stdout).toMatch(/http:\/\/127\.0\.0\.1:\d+\/mcp/);
  }, 60_000);

  it('an app answer of the wrong shape is a sentence with a hint, not a dump of schema issues', async () => {
    const home = tempHome('cs-runtime-shape-');
    runtime(home, { origin: `http://127.0.0.1:${String(wrongShapePort)}` });
    const status = await runCli(home, ['status']);
    expect(status.code).toBe(1);
    expect(status.stderr).toContain('The running app answered status with something this version does not understand');
    expect(status.stderr).toContain('hint: Is the running app another version');
    expect(status.stderr).not.toContain('invalid_type');
  }, 60_000);
});
