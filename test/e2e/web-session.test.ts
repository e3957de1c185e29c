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
  it('leaves the address bar, stays in the tab, and is never a cookie', async () => {
    const { page, served } = ui;
    expect(page.url()).toBe(`${served.origin}/`);
    expect(await page.evaluate(() => Object.values(sessionStorage) as string[])).toEqual([served.secret]);
    expect(await page.context().cookies()).toEqual([]);

    // Another server on 127.0.0.1, visited in the same browser, receives nothing of the secret.
    const port = (other.address() as AddressInfo).port;
    const elsewhere = await page.context().newPage();
    await elsewhere.goto(`http://127.0.0.1:${port}/mcp`);
    await elsewhere.close();
    expect(seenByOther.map((r) => r.url)).toContain('/mcp');
    for (const request of seenByOther) expect(request.headers.cookie, request.url).toBeUndefined();
    expect(JSON.stringify(seenByOther)).not.toContain(served.secret);
  });

  it('survives a reload, and sends the secret as a bearer header on App API calls and on the event stream', async () => {
    const { page, served } = ui;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request);
    });
    // A reload: the address has no fragment any more; the tab still has the secret.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    await ui.api('addServer', { name: 'added-elsewhere', config: { command: 'node', args: ['--version'] } });
    // Appears without another reload: the change came over the event stream.
    await serverRow(page, 'added-elsewhere').waitFor({ timeout: 10_000 });
    const paths = apiRequests.map((request) => new URL(request.url()).pathname);
    expect(paths).toContain('/api/events');
    expect(paths).toContain('/api/status');
    for (const request of apiRequests) {
      const headers = await request.allHeaders();
      expect(headers['authorization'], request.url()).toBe(`Bearer ${served.secret}`);
      expect(headers['cookie'], request.url()).toBeUndefined();
      expect(request.url()).not.toContain(served.secret);
    }
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
