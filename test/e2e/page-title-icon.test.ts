import { expect, it } from 'vitest';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

// A service's page title: its icon sits level with the name beside it, not below it.

const ui = useUiSession();
/** Centers further apart than this read as the icon sitting low. */
const MAX_OFFSET = 1;

it("centers a service's icon on the line of its page title (1280 px)", async () => {
  const { page } = ui;
  await page.setViewportSize({ width: 1280, height: 800 });
  await waitForState(serverRow(page, 'everything'), 'ready');
  await ui.open('#/services/everything');
  await page.getByRole('region', { name: 'Details' }).waitFor();
  await ui.screenshot('page-title-icon-1280');
  const { icon, text, below } = await page.getByRole('heading', { level: 1 }).evaluate((h1) => {
    const range = document.createRange();
    range.selectNodeContents(h1);
    const line = range.getBoundingClientRect();
    const mark = h1.parentElement?.querySelector('.service-icon')?.getBoundingClientRect();
    const lead = h1.closest('.page-title')?.querySelector('.lead')?.getBoundingClientRect();
    return { icon: mark === undefined ? undefined : (mark.top + mark.bottom) / 2, text: (line.top + line.bottom) / 2, below: lead === undefined ? undefined : lead.top - line.bottom };
  });
  expect(icon).toBeDefined();
  expect(Math.abs((icon ?? 0) - text)).toBeLessThanOrEqual(MAX_OFFSET);
  // The space between the title and the line under it stays.
  expect(below).toBeGreaterThanOrEqual(8);
  expect(ui.problems).toEqual([]);
});
