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
});
