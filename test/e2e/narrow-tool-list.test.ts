import { beforeAll, describe, expect, it } from 'vitest';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

// At 420 px the Tools tab stacks the list over the tool's pane: the list was a box about three tools
// high that cut the third one's description, with the page's room left empty under it.

const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
}, 45_000);

describe("a service's Tools list in a narrow window", () => {
  it('grows with the page while no tool is chosen, and keeps room for several once one is', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 420, height: 800 });
    await ui.open('#/services/everything/tools');
    const list = page.locator('.tool-list ul');
    await list.locator('li').nth(3).waitFor();
    await ui.screenshot('narrow-tool-list-420');
    const count = await list.locator('li').count();
    expect(count).toBeGreaterThan(5);
    expect(await list.evaluate((e) => e.scrollHeight - e.clientHeight), 'the whole list shown, no box to scroll').toBeLessThanOrEqual(1);
    await list.getByRole('link').first().click();
    await page.getByRole('button', { name: /^Call / }).waitFor();
    await ui.screenshot('narrow-tool-list-420-chosen');
    const box = (await list.boundingBox())!;
    expect(box.height, 'more than three tools high').toBeGreaterThanOrEqual(0.4 * 800);
    expect(ui.problems).toEqual([]);
  });

  it('shows a row chosen while cut off at the box top whole, in the box and in the window', async () => {
    const { page } = ui;
    const list = page.locator('.tool-list ul');
    // The fourth row half above the box's top edge, the page at its top.
    const row = list.getByRole('link').nth(3);
    await row.evaluate((e) => {
      const box = e.closest('ul') as HTMLElement;
      box.scrollTop += e.getBoundingClientRect().top - (box.getBoundingClientRect().top + box.clientTop) + 12;
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await row.click();
    await page.getByRole('heading', { level: 2, name: (await row.locator('.tool-name').textContent()) ?? '' }).waitFor();
    await ui.screenshot('narrow-tool-list-420-cut-row-chosen');
    const at = await page.evaluate(() => {
      const box = document.querySelector('.tool-list ul') as HTMLElement;
      const chosen = box.querySelector('a[aria-current="page"]') as HTMLElement;
      const b = box.getBoundingClientRect();
      const r = chosen.getBoundingClientRect();
      return { rowTop: r.top, rowBottom: r.bottom, boxTop: b.top + box.clientTop, boxBottom: b.top + box.clientTop + box.clientHeight, window: window.innerHeight };
    });
    expect(at.rowTop, 'the row whole in the box, its border too').toBeGreaterThanOrEqual(at.boxTop);
    expect(at.rowBottom).toBeLessThanOrEqual(at.boxBottom);
    expect(at.rowTop, 'the row in the window').toBeGreaterThanOrEqual(0);
    expect(at.rowBottom).toBeLessThanOrEqual(at.window);
    expect(ui.problems).toEqual([]);
  });
});
