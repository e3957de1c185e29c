import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { faultServer } from '../fixtures/servers/config';
import { seriousAxeProblems, serverRow, useUiSession, waitForState } from '../support/e2e';

// Issue 34, item 5: a service's log with level badges, a level filter, and errors that stand out.

/** RFC 5424 §6.2.1 severities, one message each, as MCP's notifications/message sends them. */
const SENT = ['debug', 'info', 'notice', 'warning', 'error', 'emergency'] as const;
const marker = (level: string) => `e2e-level-${level}-line`;

const logView = (): Locator => ui.page.getByRole('log', { name: 'Log of fault' });
const lineOf = (level: string): Locator => logView().locator('.log-line', { hasText: marker(level) });
/** The markers of the message lines shown now, in order. */
const shownMarkers = async (): Promise<string[]> =>
  (await logView().locator('.log-line').allTextContents()).flatMap((text) => /e2e-level-(\w+)-line/.exec(text)?.[1] ?? []);

const ui = useUiSession({}, 60_000);

beforeAll(async () => {
  await ui.api('addServer', { name: 'fault', config: faultServer() });
  await ui.api('approveServer', { name: 'fault' });
  await ui.api('connect', { name: 'fault' });
  await waitForState(serverRow(ui.page, 'fault'), 'ready');
  for (const level of SENT) await ui.api('callTool', { server: 'fault', tool: 'log', arguments: { message: marker(level), level } });
}, 60_000);

describe('the Logs tab by level', () => {
  it('badges each line with its level and marks emergency and error lines as errors', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 860 });
    await ui.open('#/services/fault/logs');
    await expect.poll(shownMarkers, { timeout: 15_000 }).toEqual([...SENT]);
    for (const level of SENT) {
      const badge = lineOf(level).locator('.badge');
      expect(await badge.textContent(), level).toBe(level);
      // The whole word shows, not "emergen…".
      expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth), level).toBe(true);
    }
    const severity = async (level: string) => lineOf(level).getAttribute('data-severity');
    expect(await severity('emergency')).toBe('error');
    expect(await severity('error')).toBe('error');
    expect(await severity('warning')).toBe('warning');
    expect(await severity('notice')).toBe('info');
    expect(await severity('info')).toBe('info');
    // Not the quiet look of info: its own background and text colour, and the error badge.
    const look = (level: string) =>
      lineOf(level).evaluate((el) => {
        const text = el.querySelector('.log-text');
        return { background: getComputedStyle(el).backgroundColor, color: text ? getComputedStyle(text).color : '', badge: el.querySelector('.badge')?.className ?? '' };
      });
    const [emergency, info] = [await look('emergency'), await look('info')];
    expect(emergency.background).not.toBe(info.background);
    expect(emergency.color).not.toBe(info.color);
    expect(emergency.badge).toContain('badge-error');
    expect(info.badge).not.toContain('badge-error');
  });

  it('filters to warnings and above, then errors only, then every line again', async () => {
    const { page } = ui;
    const show = page.getByRole('combobox', { name: 'Show' });
    const summary = page.locator('.toolbar-summary');
    const total = await logView().locator('.log-line').count();

    await show.selectOption({ label: 'Warnings and errors' });
    await expect.poll(shownMarkers).toEqual(['warning', 'error', 'emergency']);
    const severities = await logView().locator('.log-line').evaluateAll((els) => els.map((el) => el.getAttribute('data-severity')));
    expect(severities.every((s) => s === 'warning' || s === 'error')).toBe(true);
    expect(await summary.textContent()).toBe(`${severities.length} of ${total} lines`);
    await page.getByRole('button', { name: 'Copy matching lines' }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 420]) {
        await page.setViewportSize({ width, height: 860 });
        await ui.screenshot(`logs-warnings-${scheme}-${width}`);
        expect(await seriousAxeProblems(page), `${scheme} ${width}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${scheme} ${width}`).toBeLessThanOrEqual(width);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 860 });

    await show.selectOption({ label: 'Errors only' });
    await expect.poll(shownMarkers).toEqual(['error', 'emergency']);
    expect(await logView().locator('.log-line:not([data-severity="error"])').count()).toBe(0);

    await show.selectOption({ label: 'All lines' });
    await expect.poll(shownMarkers).toEqual([...SENT]);
    expect(await summary.textContent()).toBe(`${total} lines`);
    expect(ui.problems).toEqual([]);
  });
});
