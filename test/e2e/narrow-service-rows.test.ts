import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogRow, serverRow, useUiSession, waitForState } from '../support/e2e';

// What tells rows apart (a service's transport, sign-in and tool count, a catalog entry's transport and
// sign-in) wraps under the name in a narrow window instead of going with the other columns.

const ui = useUiSession();

/** Each cell of `row` shows its text, on a line under the name, within the window's width. */
async function expectCellsUnder(row: Locator, name: { y: number; height: number }, width: number, cells: ReadonlyArray<readonly [string, RegExp]>) {
  for (const [cell, text] of cells) {
    const shown = row.locator(cell);
    expect(await shown.isVisible(), cell).toBe(true);
    expect((await shown.innerText()).trim(), cell).toMatch(text);
    const box = (await shown.boundingBox())!;
    expect(box.y, `${cell} under the name`).toBeGreaterThanOrEqual(name.y + name.height);
    expect(box.x + box.width, `${cell} within the window`).toBeLessThanOrEqual(width);
  }
}

describe('a service row in a narrow window', () => {
  for (const width of [420, 900]) {
    it(`shows its transport, sign-in and tool count under its name, within the window, at ${width} px`, async () => {
      const { page } = ui;
      await page.setViewportSize({ width, height: 800 });
      const row = serverRow(page, 'everything');
      await waitForState(row, 'ready');
      await ui.screenshot(`narrow-service-row-${width}`);
      const name = (await row.getByRole('link', { name: 'everything', exact: true }).boundingBox())!;
      await expectCellsUnder(row, name, width, [
        ['.row-transport', /(^|\n)stdio$/],
        ['.row-sign-in', /^sign-in: none$/],
        ['.row-tools', /^\d+ tools$/],
      ]);
      // One line for both, not a line each; the state and then the buttons under it.
      const [signIn, tools] = [(await row.locator('.row-sign-in').boundingBox())!, (await row.locator('.row-tools').boundingBox())!];
      expect(Math.abs(signIn.y - tools.y)).toBeLessThan(4);
      // Nothing expires: a lone "—" on that line would say nothing.
      expect(await row.locator('.row-token').isVisible()).toBe(false);
      const state = (await row.locator('.row-state').boundingBox())!;
      const restart = (await row.getByRole('button', { name: /^Restart/ }).boundingBox())!;
      expect(state.y).toBeGreaterThanOrEqual(signIn.y + signIn.height);
      expect(restart.y).toBeGreaterThanOrEqual(state.y + state.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  it(`shows a catalog entry's transport and sign-in under its name, within the window, at 420 px`, async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 420, height: 800 });
    const row = catalogRow(page, 'Everything (reference)');
    await row.scrollIntoViewIfNeeded();
    await ui.screenshot('narrow-catalog-row-420');
    const name = (await row.locator('.entry-name').boundingBox())!;
    await expectCellsUnder(row, name, 420, [
      ['.row-transport', /^stdio$/],
      ['.row-sign-in', /^sign-in: none$/],
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
  });

  it('keeps them in their columns, their names in the header, in a wide window', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 800 });
    const row = serverRow(page, 'everything');
    expect(await row.locator('.row-tools').isVisible()).toBe(true);
    // The tool count's column follows the state's, as the header has them.
    const [state, tools] = [(await row.locator('.row-state').boundingBox())!, (await row.locator('.row-tools').boundingBox())!];
    const [stateHead, toolsHead] = [(await page.locator('.row-head > span').nth(4).boundingBox())!, (await page.locator('.row-head > span').nth(5).boundingBox())!];
    expect(tools.x).toBeGreaterThan(state.x);
    expect(Math.abs(state.x - stateHead.x)).toBeLessThan(2);
    expect(Math.abs(tools.x - toolsHead.x)).toBeLessThan(2);
    for (const cell of ['.row-transport', '.row-sign-in', '.row-token']) expect(await row.locator(cell).isVisible(), cell).toBe(true);
    // The column's name is the header's there: the row's own says it only to a screen reader.
    expect(await row.locator('.row-cell-key').evaluate((e) => getComputedStyle(e).position)).toBe('absolute');
    expect(ui.problems).toEqual([]);
  });
});
