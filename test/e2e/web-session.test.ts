import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRow, useUiSession } from '../support/e2e';

let other: Server;
/** What another local server (a dev server, a local MCP server) receives from the same browser. */
const seenByOther: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
const apiRequests: Request[] = [];

afterAll(async () => {
  await new Promise((resolve) => other?.close(resolve));
});

const ui = useUiSession(async () => {
  other = createServer((request, response) => {
    seenByOther.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<h1>another local server</h1>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  return {};
});

describe('the web-mode session secret in a real browser', () => {
  it('leaves the address bar, is kept in the memory of the page only, and is never a cookie', async () => {
    const { page, served } = ui;
    expect(page.url()).toBe(`${served.origin}/`);
    // sessionStorage would survive a reload, but the browser writes it to its profile: it stays empty.
    expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
    expect(await page.context().cookies()).toEqual([]);

    // Another server on 127.0.0.1, visited in the same browser, receives nothing of the secret.
    const port = (other.address() as AddressInfo).port;
    const elsewhere = await page.context().newPage();
    await elsewhere.goto(`http://127.0.0.1:${port}/mcp`);
    await elsewhere.close();
    expect(seenByOther.map((r) => r.url)).toContain('/mcp');
    for (const request of seenByOther) expect(request.headers.cookie, request.url).toBeUndefined();
    expect(JSON.stringify(seenByOther)).not.toContain(served.link);
  });

  it('says what to do after a reload, and a new address pasted into the tab signs it in with a bearer session, never the link', async () => {
    const { page, served } = ui;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request);
    });
    // A reload: the session was in the page's memory only, so the tab is signed out and says how to sign in again.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Open the address that serve printed' }).waitFor();
    const main = await page.getByRole('main').textContent();
    expect(main).toContain('Reloading signed this tab out');
    expect(main).toContain('connected-services serve --ui-link');
    expect(apiRequests).toEqual([]);

    const fresh = await served.newLink();
    await page.evaluate((hash) => (window.location.hash = hash), new URL(fresh).hash);
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    expect(page.url()).toBe(`${served.origin}/`);
    await ui.api('addServer', { name: 'added-elsewhere', config: { command: 'node', args: ['--version'] } });
    // Appears without a reload: the change came over the event stream.
    await serverRow(page, 'added-elsewhere').waitFor({ timeout: 10_000 });
    const paths = apiRequests.map((request) => new URL(request.url()).pathname);
    expect(paths[0]).toBe('/api/session');
    expect(paths).toContain('/api/events');
    expect(paths).toContain('/api/status');
    const link = new URL(fresh).hash.slice('#token='.length);
    const bearers = new Set<string | undefined>();
    for (const request of apiRequests) {
      const headers = await request.allHeaders();
      expect(headers['cookie'], request.url()).toBeUndefined();
      expect(request.url()).not.toContain(link);
      if (new URL(request.url()).pathname === '/api/session') expect(headers['authorization']).toBeUndefined();
      else bearers.add(headers['authorization']);
    }
    expect(bearers.size).toBe(1);
    const [bearer] = [...bearers];
    expect(bearer).toMatch(/^Bearer [\w-]{43}$/);
    expect(bearer).not.toContain(link);
  });

  it('says which address to open in a tab that never had the secret', async () => {
    const fresh = await ui.page.context().newPage();
    try {
      const calls: string[] = [];
      fresh.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
      });
      await fresh.goto(`${ui.served.origin}/#/settings`);
      await fresh.getByRole('heading', { level: 1, name: 'Open the address that serve printed' }).waitFor();
      expect(await fresh.getByRole('main').textContent()).toContain('connected-services serve');
      expect(calls).toEqual([]);
    } finally {
      await fresh.close();
    }
    expect(ui.problems).toEqual([]);
  });
});
