import { describe, expect, it } from 'vitest';
import { launchBrowser, useUiSession } from '../support/e2e';

// The UI's one address is 127.0.0.1 (docs/desktop.md, "The web UI's one address").
describe('the web UI opened as localhost', () => {
  const ui = useUiSession({ env: { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' } });

  it('moves to 127.0.0.1 with its sign-in fragment and signs in there', async () => {
    const link = new URL(await ui.served.newLink());
    const port = link.port;
    link.hostname = 'localhost';
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      const seen: string[] = [];
      page.on('request', (request) => seen.push(new URL(request.url()).host));
      await page.goto(link.href);
      await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).host).toBe(`127.0.0.1:${port}`);
      // Only the first request named localhost (answered by the redirect); the page and its calls are 127.0.0.1's.
      expect(seen[0]).toBe(`localhost:${port}`);
      expect(seen.slice(1).every((host) => host === `127.0.0.1:${port}`)).toBe(true);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
