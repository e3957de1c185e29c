import { describe, expect, it } from 'vitest';
import { useUiSession } from '../support/e2e';

const ui = useUiSession();

describe('signing a tab out in a real browser', () => {
  it('ends the session in serve from the header: its secret is refused at once, and the tab says it signed out', async () => {
    const { page, served } = ui;
    // A fresh sign-in, so its session secret is seen as the page receives it.
    const traded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session');
    await page.evaluate((hash) => (window.location.hash = hash), new URL(await served.newLink()).hash);
    const { session } = (await (await traded).json()) as { session: string };
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    const status = () => fetch(`${served.origin}/api/status`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` }, body: '{}' });
    expect((await status()).status).toBe(200);

    const signedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/sign-out');
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    expect((await signedOut).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'This tab is signed out' }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('You signed out');
    await page.getByRole('button', { name: "Show a new sign-in address in serve's terminal" }).waitFor();
    expect((await status()).status).toBe(401);
    expect(ui.problems).toEqual([]);
  });
});
