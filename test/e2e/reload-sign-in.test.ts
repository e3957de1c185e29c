import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkOf } from '../support/serve';
import { controlBoxes, dialog, layoutProblems, seriousAxeProblems, useUiSession } from '../support/e2e';

const BUTTON = "Show a new sign-in address in serve's terminal";

const ui = useUiSession();

describe('signing a reloaded tab in again from the page', () => {
  it('has serve print a new address where it runs (never to the page), and the address pasted into the tab signs it in', async () => {
    const { page, served } = ui;
    const answers: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) answers.push(response);
    });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Open the address that serve printed' }).waitFor();
    const printed = served.nextLine();
    await page.getByRole('button', { name: BUTTON }).click();
    // serve --json prints each new address as a line of its own, as `serve --ui-link` has it do.
    const { ui: address } = JSON.parse(await printed) as { ui: string };
    expect(address).toMatch(new RegExp(`^${served.origin}/#token=[\\w-]{43}$`));
    const status = page.getByRole('status');
    await status.getByText('A new address is printed in the terminal where serve runs').waitFor();
    await ui.screenshot('reload-sign-in-asked');

    // What the page got back holds nothing of the address.
    const asked = answers.find((response) => new URL(response.url()).pathname === '/api/ui-link/request');
    expect(asked?.status()).toBe(200);
    expect(await asked?.text()).toBe('{"result":{"shown":true}}');
    expect(JSON.stringify(await asked?.allHeaders())).not.toContain(linkOf(address));

    // The person copies it from the terminal into this tab: no reload, signed in again.
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
    await page.goto(address);
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(`${served.origin}/`);
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    // Nothing of it was kept where the browser writes to disk.
    expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
    expect(await page.context().cookies()).toEqual([]);
  });

  it('says when to ask again once the requests of the last seconds are spent', async () => {
    const { page, served } = ui;
    await page.reload();
    const button = page.getByRole('button', { name: BUTTON });
    await button.waitFor();
    // Two at once, then one per 10 s: the first test spent one, and time may have given it back; a
    // loaded machine slow enough to take 10 s a click gets a few more.
    let refused = false;
    for (let i = 0; i < 6 && !refused; i++) {
      const printed = served.nextLine();
      // A refused request prints nothing: that wait ends only with serve.
      printed.catch(() => undefined);
      const [answer] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ui-link/request'), button.click()]);
      refused = answer.status() === 429;
      if (!refused) expect(JSON.parse(await printed)).toEqual({ ui: expect.stringMatching(/#token=[\w-]{43}$/) as unknown });
    }
    expect(refused).toBe(true);
    await page.getByRole('status').getByText(/A new address was asked for a moment ago: look in the terminal where serve runs, or ask again in \d+ s\./).waitFor();
    // Read and used as it is, light and dark, wide and small.
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of [{ width: 1280, height: 800 }, { width: 800, height: 600 }]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize(viewport);
        expect(await seriousAxeProblems(page), `${colorScheme} ${viewport.width}`).toEqual([]);
        expect(layoutProblems(await controlBoxes(page.locator('body')), viewport.width), `${colorScheme} ${viewport.width}`).toEqual([]);
        await ui.screenshot(`reload-sign-in-too-soon-${colorScheme}-${viewport.width}`);
      }
    }
    expect(ui.problems.filter((problem) => !problem.includes('429'))).toEqual([]);
  });

  it('shows an old /?token= address that is already used as the page of a used address, not raw JSON, and its first sentence says why', async () => {
    const { page, served } = ui;
    const old = linkOf(await served.newLink());
    // Used once: in this tab, in its older `?token=` form, which moves the secret to the fragment.
    await page.goto(`${served.origin}/?token=${old}`);
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor({ timeout: 15_000 });
    // Opened again from the history, where the browser wrote it.
    await page.goto(`${served.origin}/?token=${old}`);
    const heading = page.getByRole('heading', { level: 1, name: 'This sign-in address no longer works' });
    await heading.waitFor();
    expect(page.url()).toBe(`${served.origin}/`);
    const first = await page.locator('main p').first().textContent();
    expect(first).toBe('A sign-in address works once, within 10 minutes: this one was already used or is out of date.');
    await page.getByRole('button', { name: BUTTON }).waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of [{ width: 1280, height: 800 }, { width: 800, height: 600 }]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize(viewport);
        expect(await seriousAxeProblems(page), `${colorScheme} ${viewport.width}`).toEqual([]);
        expect(layoutProblems(await controlBoxes(page.locator('body')), viewport.width), `${colorScheme} ${viewport.width}`).toEqual([]);
        await ui.screenshot(`reload-sign-in-used-query-link-${colorScheme}-${viewport.width}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    // The refused trade is the one failure the browser reports.
    expect(ui.problems.filter((problem) => !problem.includes('429') && !problem.includes('401'))).toEqual([]);
  });

  it("asks with the browser's own Leave site? before a reload would sign out a tab with unsaved edits, and the edits stay", async () => {
    const { page, served } = ui;
    await page.goto(await served.newLink());
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor({ timeout: 15_000 });
    const asked: string[] = [];
    page.on('dialog', (prompt) => {
      asked.push(prompt.type());
      void prompt.dismiss();
    });
    await page.getByRole('button', { name: 'Add custom service' }).click();
    const add = dialog(page, 'Add a custom service');
    await add.getByLabel('Name', { exact: false }).first().fill('half-done');
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
    void page.evaluate(() => window.location.reload());
    await expect.poll(() => asked, { timeout: 10_000 }).toEqual(['beforeunload']);
    // Stayed: the same page, still signed in, the edit kept.
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    expect(await add.getByLabel('Name', { exact: false }).first().inputValue()).toBe('half-done');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.getByRole('button', { name: 'Discard changes' }).click();
    await add.waitFor({ state: 'detached' });
    // Nothing left unsaved: a reload goes ahead without asking.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Open the address that serve printed' }).waitFor();
    expect(asked).toEqual(['beforeunload']);
  });
});
