import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_METHODS, type AppApi, type ApiEvent, type ApiEventPayload } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { EventHub } from '../app';
import { startWebServer, type WebServer } from './web-server';

function errorOf(reply: Reply): { code: string; message: string } {
  return (JSON.parse(reply.body) as { error: { code: string; message: string } }).error;
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

function fakeApi(events: EventHub): AppApi {
  const notUsed = () => Promise.reject(new CodedError('internal', 'not used in this test'));
  const methods = Object.fromEntries(Object.keys(API_METHODS).map((m) => [m, notUsed])) as unknown as Omit<AppApi, 'on'>;
  return {
    ...methods,
    status: () =>
      Promise.resolve({
        version: 't',
        dataDir: '/d',
        configFile: '/d/mcp.json',
        configIssues: [],
        servers: [],
        vault: { fileExists: false, provider: 'memory', providerLabel: 'memory', persistent: false, safety: 'memory-only' as const, state: 'ready' as const, message: '', entryCount: 0, corruptFiles: [] },
      }),
    stopServer: () => Promise.reject(new CodedError('not_found', 'No server named "x" is configured')),
    listTools: () => Promise.resolve([]),
    on: <E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void) => events.on(event, listener),
  };
}

describe('web server', () => {
  let web: WebServer;
  let events: EventHub;
  const secret = 'per-run-secret-for-tests';
  const auth = { authorization: `Bearer ${secret}` };
  const json = { 'content-type': 'application/json', ...auth };

  beforeEach(async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'cs-web-'));
    writeFileSync(join(staticDir, 'index.html'), '<h1>ui</h1>');
    events = new EventHub();
    web = await startWebServer({ api: fakeApi(events), port: 0, staticDir, secret });
  });
  afterEach(async () => {
    await web.close();
  });

  it('answers health and binds loopback only', async () => {
    const reply = await send(web.port, '/health');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ ok: true });
    expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
  });

  it('refuses foreign and lookalike Host headers before anything else', async () => {
    for (const host of ['evil.example', `127.0.0.1.evil.example:${web.port}`, `localhost:${web.port + 1}`, '127.0.0.1']) {
      const reply = await send(web.port, '/health', { headers: { host } });
      expect(reply.status, host).toBe(403);
    }
    expect((await send(web.port, '/health', { headers: { host: `localhost:${web.port}` } })).status).toBe(200);
  });

  it('refuses a foreign or null Origin', async () => {
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${web.port + 1}`]) {
      const reply = await send(web.port, '/api/status', { method: 'POST', headers: { ...json, origin }, body: '{}' });
      expect(reply.status, origin).toBe(403);
    }
    const same = await send(web.port, '/api/status', { method: 'POST', headers: { ...json, origin: `http://127.0.0.1:${web.port}` }, body: '{}' });
    expect(same.status).toBe(200);
  });

  it('needs the per-run secret, and trades the link token for an HttpOnly cookie', async () => {
    expect((await send(web.port, '/api/status', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
    expect((await send(web.port, '/api/status', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer wrong' }, body: '{}' })).status).toBe(401);
    expect((await send(web.port, '/?token=wrong')).status).toBe(403);
    const login = await send(web.port, `/?token=${secret}`);
    expect(login.status).toBe(303);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const page = await send(web.port, '/', { headers: { cookie: cookie.split(';')[0] ?? '' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>ui</h1>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('parses every payload with the contract and returns coded errors', async () => {
    const ok = await send(web.port, '/api/listTools', { method: 'POST', headers: json, body: '{}' });
    expect(JSON.parse(ok.body)).toEqual({ result: [] });
    const bad = await send(web.port, '/api/listTools', { method: 'POST', headers: json, body: '{"server": 5}' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).code).toBe('invalid_input');
    const unknown = await send(web.port, '/api/rmrf', { method: 'POST', headers: json, body: '{}' });
    expect(unknown.status).toBe(404);
    const missing = await send(web.port, '/api/stopServer', { method: 'POST', headers: json, body: '{"name":"x"}' });
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toEqual({ code: 'not_found', message: 'No server named "x" is configured' });
    const notJson = await send(web.port, '/api/status', { method: 'POST', headers: json, body: '{' });
    expect(errorOf(notJson).code).toBe('invalid_input');
    const formPost = await send(web.port, '/api/status', { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' });
    expect(formPost.status).toBe(400);
    const huge = await send(web.port, '/api/status', { method: 'POST', headers: json, body: `{"x":"${'a'.repeat(1024 * 1024 + 10)}"}` });
    expect(huge.status).toBe(400);
    expect((await send(web.port, '/health')).status).toBe(200);
  });

  it('never serves files outside the renderer folder', async () => {
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/..%2fpackage.json']) {
      const reply = await send(web.port, path, { headers: auth });
      expect(reply.status, path).toBe(404);
    }
  });

  it('streams core events as server-sent events', async () => {
    const received = new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: web.port, path: '/api/events', headers: { host: `127.0.0.1:${web.port}`, ...auth } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
          if (text.includes(': connected')) events.emit('inventoryChanged', { server: 'memory' });
          if (text.includes('event: inventoryChanged')) {
            req.destroy();
            resolve(text);
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(await received).toContain('data: {"server":"memory"}');
  });
});
