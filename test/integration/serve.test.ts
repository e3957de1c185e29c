import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli, tempHome } from '../support/cli';
import { everythingOverHttp } from '../support/everything-http';
import { eventually, startServe, type Served } from '../support/serve';
import { freePort } from '../support/ports';

const everything = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

describe('serve (headless core + App API over HTTP)', () => {
  let served: Served;
  let home: string;

  beforeAll(async () => {
    home = tempHome();
    served = await startServe(home);
  });
  afterAll(async () => {
    await served.stop();
  });

  it('prints one ready line with the UI address on 127.0.0.1 and answers health', async () => {
    expect(served.printed).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{20,}$/);
    expect(served.ui).toBe(`${served.origin}/#token=${served.link}`);
    expect(served.bridge).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const health = await fetch(`${served.origin}/health`);
    expect(await health.json()).toEqual({ ok: true });
  });

  it('trades a printed address once for a session; the address itself is no credential, and a used one says what to do', async () => {
    const printed = new URLSearchParams(new URL(served.printed).hash.slice(1)).get('token') ?? '';
    const post = (path: string, headers: Record<string, string>, body: string) => fetch(`${served.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    expect((await post('/api/status', { authorization: `Bearer ${printed}` }, '{}')).status).toBe(401);
    const again = await post('/api/session', {}, JSON.stringify({ link: printed }));
    expect(again.status).toBe(401);
    expect(JSON.stringify(await again.json())).toContain('connected-services serve --ui-link');
    // Serve said at its terminal that the link was used.
    expect(served.stderr()).toContain('A browser tab signed in with the printed address');
  });

  it('serves the App API only with the session secret', async () => {
    const denied = await fetch(`${served.origin}/api/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(denied.status).toBe(401);
    const status = await served.api('status');
    expect(status.status).toBe(200);
    expect((status.body.result as { servers: unknown[] }).servers).toHaveLength(2);
    // A cookie is sent to every server on 127.0.0.1 whatever its port (RFC 6265 §8.5): never accepted.
    const cookie = await fetch(`${served.origin}/api/status`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `cs_session=${served.secret}` }, body: '{}' });
    expect(cookie.status).toBe(401);
    const events = await fetch(`${served.origin}/api/events`);
    expect(events.status).toBe(401);
    await events.body?.cancel();
    const stream = await fetch(`${served.origin}/api/events`, { headers: { authorization: `Bearer ${served.secret}` } });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.body?.cancel();
  });

  it('serves the page and its built assets without the secret, and never sets a cookie', async () => {
    const page = await fetch(served.origin);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="\.?\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const file = await fetch(`${served.origin}/${asset}`);
      expect(file.status, asset).toBe(200);
      expect(file.headers.get('set-cookie'), asset).toBeNull();
      await file.body?.cancel();
    }
    // An address of the old `?token=` form moves an unused link into the fragment, still without a cookie.
    const old = await fetch(`${served.origin}/?token=${served.link}`, { redirect: 'manual' });
    expect(old.status).toBe(303);
    expect(old.headers.get('location')).toBe(`/#token=${served.link}`);
    expect(old.headers.get('set-cookie')).toBeNull();
  });

  it('lets CLI commands reach the running app with the secret it stored', async () => {
    const list = await runCli(home, ['approvals', 'list']);
    expect(list.stderr).toBe('');
    expect(list.stdout).toContain('No call is waiting for approval.');
  });

  it('fetches never-seen inventories once in the background, so a first run shows real tools', async () => {
    const tools = await eventually(async () => {
      const list = (await served.api('listTools')).body.result as { server: string; name: string }[];
      return list.some((t) => t.server === 'memory') && list.some((t) => t.server === 'everything') ? list : undefined;
    }, 15_000);
    expect(tools.find((t) => t.server === 'everything' && t.name === 'echo')).toBeDefined();
  });

  it('calls a tool through the App API and reports state changes', async () => {
    const call = await served.api('callTool', { server: 'everything', tool: 'echo', arguments: { message: 'over http' } });
    expect(JSON.stringify(call.body.result)).toContain('over http');
    const status = await served.api('status');
    const everythingStatus = (status.body.result as { servers: { name: string; state: string; toolCount: number }[] }).servers.find((s) => s.name === 'everything');
    expect(everythingStatus?.state).toBe('ready');
    expect(everythingStatus?.toolCount).toBeGreaterThan(5);
  });

  it('applies an edit of mcp.json while running, touching only what changed', async () => {
    const file = join(home, 'mcp.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers['extra'] = { command: 'node', args: [everything, 'stdio'] };
    writeFileSync(file, JSON.stringify(config, null, 2));
    const names = await eventually(async () => {
      const servers = ((await served.api('status')).body.result as { servers: { name: string; state: string }[] }).servers;
      return servers.some((s) => s.name === 'extra') ? servers : undefined;
    });
    // The running server was not restarted by an unrelated addition.
    expect(names.find((s) => s.name === 'everything')?.state).toBe('ready');
    writeFileSync(file, '{ "mcpServers": { oops');
    const issues = await eventually(async () => {
      const result = (await served.api('status')).body.result as { configIssues: { message: string }[]; servers: unknown[] };
      return result.configIssues.length > 0 ? result : undefined;
    });
    expect(issues.configIssues[0]?.message).toMatch(/not valid JSON at line 1/);
    expect(issues.servers).toHaveLength(3);
  });

  it('stops cleanly on SIGTERM', async () => {
    const other = await startServe(tempHome());
    expect(await other.stop()).toBe(0);
  });
});

describe('Streamable HTTP servers through the CLI', () => {
  it('adds server-everything over its own HTTP mode and calls echo', async () => {
    const { child: server, url } = await everythingOverHttp();
    try {
      const home = tempHome();
      expect((await runCli(home, ['servers', 'add', 'remote', '--url', url])).code).toBe(0);
      const call = await runCli(home, ['call', 'remote', 'echo', '{"message":"hi"}']);
      expect(call.stderr).toBe('');
      expect(call.stdout).toMatch(/\bhi\b/);
      const tools = await runCli(home, ['tools', 'remote', '--json']);
      expect((JSON.parse(tools.stdout) as { name: string }[]).map((t) => t.name)).toContain('echo');
    } finally {
      server.kill();
    }
  });

  it('says the server is not running when nothing listens', async () => {
    const home = tempHome();
    const port = await freePort();
    await runCli(home, ['servers', 'add', 'gone', '--url', `http://127.0.0.1:${port}/mcp`]);
    const call = await runCli(home, ['call', 'gone', 'echo', '{}']);
    expect(call.code).toBe(7);
    expect(call.stderr).toContain('error [server_unavailable]');
    expect(call.stderr).toMatch(/running/);
  });
});
