import { describe, expect, it } from 'vitest';
import { useUiSession } from '../support/e2e';

// The State history numbers its changes newest first; from 10 on, a number must show whole, not
// "1…" or ".0." cut by the edge of its scrolling box, in a wide window and a narrow one.

const ui = useUiSession();

describe("a service's state history with ten changes or more", () => {
  it('shows every number whole and inside its box, at 1280 and 420 px', async () => {
    const { page } = ui;
    for (let i = 0; i < 4; i++) await ui.api('restartServer', { name: 'everything' });
    await ui.open('#/services/everything');
    const history = page.getByRole('region', { name: 'State history' }).getByRole('list');
    await expect.poll(() => history.getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
    for (const width of [1280, 420]) {
      await page.setViewportSize({ width, height: 800 });
      await ui.screenshot(`state-history-${width}`);
      const count = await history.getByRole('listitem').count();
      const box = (await history.boundingBox())!;
      for (const place of [0, count - 10]) {
        const item = history.getByRole('listitem').nth(place);
        await item.scrollIntoViewIfNeeded();
        const number = count - place;
        // The number is there to read, as text, before the time.
        expect((await item.innerText()).trim(), `item ${place}`).toMatch(new RegExp(`^${number}\\.\\s+\\d{4}-`));
        const shown = item.locator('.history-place');
        const at = (await shown.boundingBox())!;
        expect(at.x, `${number}. inside the list's box`).toBeGreaterThanOrEqual(box.x);
        expect(at.x + at.width, `${number}. inside the list's box`).toBeLessThanOrEqual(box.x + box.width);
        // Not cut within its own box either.
        expect(await shown.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      }
      expect(await history.evaluate((e) => e.scrollWidth <= e.clientWidth), 'no sideways scrolling').toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(ui.problems).toEqual([]);
  }, 90_000);
});
