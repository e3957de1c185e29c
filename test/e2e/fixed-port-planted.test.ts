import { createServer, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { launchBrowser, SCREENS_DIR, type Browser } from '../support/e2e';
import { freePort } from '../support/ports';
import { startServe, type Served } from '../support/serve';

/** What a program holding `serve --port N`'s port while serve is stopped leaves the browser on the UI's origin. */
const PLANTING_PAGE = `<!doctype html><script>
localStorage.setItem('planted', 'yes');
window.planted = Promise.all([
  navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready),
  caches.open('planted').then((cache) => cache.put('/planted.js', new Response('alert(1)'))),
]).then(() => 'planted');
</script>`;

function startSquatter(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url === '/sw.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end("self.addEventListener('install', () => self.skipWaiting());");
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(PLANTING_PAGE);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

let browser: Browser | undefined;
let served: Served | undefined;
afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

describe('a fixed UI port (serve --port N) another program held before', () => {
  it('signing in wipes what that program left the browser on the origin, and the UI works after', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const squatter = await startSquatter(port);
    browser = await launchBrowser();
    const page = await browser.context.newPage();
    const said: string[] = [];
    page.on('console', (message) => said.push(message.text()));
    await page.goto(`http://127.0.0.1:${port}/planting`);
    expect(await page.evaluate(() => (window as unknown as { planted: Promise<string> }).planted)).toBe('planted');
    const left = () =>
      page.evaluate(async () => ({
        storage: localStorage.length,
        workers: (await navigator.serviceWorker.getRegistrations()).length,
        caches: (await caches.keys()).length,
      }));
    expect(await left()).toEqual({ storage: 1, workers: 1, caches: 1 });
    squatter.closeAllConnections();
    await new Promise((resolve) => squatter.close(resolve));

    served = await startServe(tempHome('cs-e2e-planted-'), ['--port', String(port), '--bridge-port', '0']);
    expect(served.origin).toBe(`http://127.0.0.1:${port}`);
    const traded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session');
    await page.goto(served.ui);
    const trade = await traded;
    expect(trade.status()).toBe(200);
    expect((await trade.allHeaders())['clear-site-data']).toBe('"cache", "storage"');
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor({ timeout: 20_000 });
    // The session is in the page's memory, which Clear-Site-Data leaves: the UI goes on calling the App API.
    await page.evaluate(() => (window.location.hash = '#/settings'));
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('This tab is not signed in').count()).toBe(0);
    expect(said.join('\n')).toContain('Cleared data types: "cache", "storage"');
    expect(await left()).toEqual({ storage: 0, workers: 0, caches: 0 });
    mkdirSync(SCREENS_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENS_DIR, 'fixed-port-planted-signed-in.png'), fullPage: true });
  });
});
