import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeProblems, serverRow, useUiSession, waitForState } from '../support/e2e';

// Issue 34, item 4: the shape of a page, marked busy, instead of a blank one while the app loads.

const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
}, 45_000);

/**
 * Each colour scheme once and each width once: the scheme decides the colours axe checks, the width
 * the layout; their cross product showed nothing more and doubled the file's time.
 */
const LOOKS = [
  { scheme: 'light', width: 1280 },
  { scheme: 'dark', width: 420 },
] as const;

/**
 * Requests matching `match` wait while the gate is shut, then go on as they were. The route stays for
 * the whole file: routing keeps Chromium's cache off, so a reload asks for the app's code again.
 */
async function gate(match: (url: URL) => boolean): Promise<{ shut: () => void; open: () => void; waiting: () => number }> {
  let opened: Promise<void> = Promise.resolve();
  let open: () => void = () => undefined;
  let waiting = 0;
  await ui.page.route(
    (url) => match(url),
    async (route) => {
      waiting++;
      await opened;
      await route.continue().catch(() => undefined);
    },
  );
  return {
    shut: () => {
      waiting = 0;
      opened = new Promise<void>((resolve) => (open = resolve));
    },
    open: () => open(),
    waiting: () => waiting,
  };
}

describe('loading', () => {
  it('shows a busy skeleton while the app and then its first answers load, then the page', async () => {
    const { page } = ui;
    const code = await gate((url) => url.pathname.endsWith('.js'));
    const api = await gate((url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/events' && url.pathname !== '/api/session');
    for (const { scheme, width } of LOOKS) {
      const where = `${scheme} ${width}`;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 860 });
      // The app's code and the App API held back, the page is loaded again (a new sign-in address:
      // a reload signs the tab out).
      code.shut();
      api.shut();
      await ui.reload({ waitUntil: 'commit', hash: null });

      const boot = page.getByRole('status', { name: 'Loading Connected Services' });
      await boot.waitFor();
      expect(await boot.getAttribute('aria-busy'), where).toBe('true');
      expect(await boot.locator('.skeleton-bar').count(), where).toBeGreaterThan(0);
      expect((await boot.boundingBox())?.height ?? 0, where).toBeGreaterThan(100);
      await ui.screenshot(`loading-boot-${scheme}-${width}`);
      expect(await seriousAxeProblems(page), where).toEqual([]);

      // The code runs; the first answers are still on their way: the screen's own skeleton, busy.
      code.open();
      const list = page.getByRole('status', { name: 'Loading your services' });
      await list.waitFor();
      expect(await boot.count(), where).toBe(0);
      expect(await list.getAttribute('aria-busy'), where).toBe('true');
      expect(await page.getByRole('region', { name: 'Your services' }).getAttribute('aria-busy'), where).toBe('true');
      await expect.poll(() => api.waiting(), { message: where }).toBeGreaterThan(0);
      await ui.screenshot(`loading-list-${scheme}-${width}`);
      expect(await seriousAxeProblems(page), where).toEqual([]);

      // The answers come: the skeleton gives way to the page.
      api.open();
      await waitForState(serverRow(page, 'everything'), 'ready');
      await list.waitFor({ state: 'detached' });
      expect(await page.getByRole('region', { name: 'Your services' }).getAttribute('aria-busy'), where).toBe('false');
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 860 });
    expect(ui.problems).toEqual([]);
  }, 120_000);

  // Every other screen that waits for its first answers shows its own skeleton, in its own section:
  // each in one look, the looks taken in turn, so both schemes and both widths are seen (each look
  // for every screen doubled the file's longest test and found nothing more). One load of the page
  // for all of them, each reached as a person goes there while nothing has answered yet: each load
  // needs a new sign-in address, and serve gives the command line two at once, then one per 10 s.
  const SCREENS = [
    { hash: '#/agents', name: 'agents', labels: ['Loading your agents'] },
    { hash: '#/access', name: 'access', labels: ['Loading your credentials', 'Loading who may use what'] },
    { hash: '#/activity', name: 'activity', labels: ['Loading agent calls', 'Loading the changes'] },
    { hash: '#/settings', name: 'settings', labels: ['Loading the data folder', "Loading the bridge's address", 'Loading secret stores'] },
    { hash: '#/services/everything', name: 'service', labels: ['Loading everything'] },
  ];
  it('shows each screen’s own busy skeleton while its first answers load', async () => {
    const { page } = ui;
    const api = await gate((url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/events' && url.pathname !== '/api/session');
    api.shut();
    await ui.reload({ waitUntil: 'commit', hash: null });
    await page.waitForFunction(() => !window.location.hash.startsWith('#token='));
    for (const [index, screen] of SCREENS.entries()) {
      const { scheme, width } = LOOKS[index % LOOKS.length] ?? LOOKS[0];
      const where = `${screen.name} ${scheme} ${width}`;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 860 });
      await page.evaluate((h) => (window.location.hash = h), screen.hash);
      for (const label of screen.labels) {
        const skeleton = page.getByRole('status', { name: label });
        await skeleton.waitFor();
        expect(await skeleton.getAttribute('aria-busy'), where).toBe('true');
        expect(await skeleton.locator('.skeleton-bar').count(), where).toBeGreaterThan(0);
        expect(await skeleton.locator('xpath=ancestor::section[1]').getAttribute('aria-busy'), where).toBe('true');
      }
      expect(await page.getByText('Loading…', { exact: true }).count(), where).toBe(0);
      await ui.screenshot(`loading-${screen.name}-${scheme}-${width}`);
      expect(await seriousAxeProblems(page), where).toEqual([]);
    }
    // Every screen asked and waits: nothing answered them yet.
    expect(api.waiting()).toBeGreaterThan(0);

    // The answers come: each screen's skeletons give way to its page.
    api.open();
    for (const screen of SCREENS) {
      await ui.open(screen.hash);
      for (const label of screen.labels) await page.getByRole('status', { name: label }).waitFor({ state: 'detached' });
      // Sections whose answers come after the heading's may still be settling on a loaded machine.
      await expect.poll(() => page.locator('section[aria-busy="true"]').count(), { message: screen.name, timeout: 15_000 }).toBe(0);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 860 });
    expect(ui.problems).toEqual([]);
  }, 150_000);
});
