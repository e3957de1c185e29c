import { describe, expect, it } from 'vitest';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

// A service's sign-in and tool count say what it needs and offers: in a narrow window they wrap under
// its name instead of going with the other columns.

const ui = useUiSession();

describe('a service row in a narrow window', () => {
  for (const width of [420, 900]) {
    it(`shows its sign-in and tool count under its name, within the window, at ${width} px`, async () => {
      const { page } = ui;
      await page.setViewportSize({ width, height: 800 });
      const row = serverRow(page, 'everything');
      await waitForState(row, 'ready');
      await ui.screenshot(`narrow-service-row-${width}`);
      const name = (await row.getByRole('link', { name: 'everything', exact: true }).boundingBox())!;
      for (const [cell, text] of [
        ['.row-sign-in', /^sign-in: none$/],
        ['.row-tools', /^\d+ tools$/],
      ] as const) {
        const shown = row.locator(cell);
        expect(await shown.isVisible(), cell).toBe(true);
        expect((await shown.innerText()).trim(), cell).toMatch(text);
        const box = (await shown.boundingBox())!;
        expect(box.y, `${cell} under the name`).toBeGreaterThanOrEqual(name.y + name.height);
        expect(box.x + box.width, `${cell} within the window`).toBeLessThanOrEqual(width);
      }
      // One line for both, not a line each; the state and then the buttons under it.
      const [signIn, tools] = [(await row.locator('.row-sign-in').boundingBox())!, (await row.locator('.row-tools').boundingBox())!];
      expect(Math.abs(signIn.y - tools.y)).toBeLessThan(4);
      const state = (await row.locator('.row-state').boundingBox())!;
      const restart = (await row.getByRole('button', { name: /^Restart/ }).boundingBox())!;
      expect(state.y).toBeGreaterThanOrEqual(signIn.y + signIn.height);
      expect(restart.y).toBeGreaterThanOrEqual(state.y + state.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  it('keeps them in their columns, their names in the header, in a wide window', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 800 });
    const row = serverRow(page, 'everything');
    expect(await row.locator('.row-tools').isVisible()).toBe(true);
    // The column's name is the header's there: the row's own says it only to a screen reader.
    expect(await row.locator('.row-cell-key').evaluate((e) => getComputedStyle(e).position)).toBe('absolute');
    expect(ui.problems).toEqual([]);
  });
});
