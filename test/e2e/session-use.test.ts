import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PERSON_USE_HEADER } from '../../shared/api';
import { useUiSession } from '../support/e2e';

const ui = useUiSession();

describe("a tab's calls as use of its session, in a real browser", () => {
  it("marks no call of the page's own load; a click marks the call it starts", async () => {
    const { page, served } = ui;
    const calls: Request[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && path !== '/api/events' && path !== '/api/session') calls.push(request);
    });
    // A fresh sign-in, so its client has seen no press yet.
    const link = await served.newLink();
    const traded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session');
    await page.evaluate((hash) => (window.location.hash = hash), new URL(link).hash);
    const { session } = (await (await traded).json()) as { session: string };
    const own = () => calls.filter((request) => request.headers().authorization === `Bearer ${session}`);
    // The new session's first load: only its calls count below.
    await expect.poll(() => own().length).toBeGreaterThan(0);
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    const loaded = own().length;

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
    await expect.poll(() => own().length).toBeGreaterThan(loaded);
    const marks = await Promise.all(own().map(async (request) => (await request.allHeaders())[PERSON_USE_HEADER] ?? null));
    expect(marks.slice(0, loaded).filter((mark) => mark !== null)).toEqual([]);
    expect(marks.slice(loaded)).toContain('1');
    expect(ui.problems).toEqual([]);
  });
});
