import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { connectAgent } from '../support/bridge-harness';
import { seriousAxeProblems, serverRow, useUiSession, waitForState } from '../support/e2e';

// Issue 34, 420 px layout: Activity's Changes and agent calls, the Access matrix and a service's
// resources are read without scrolling sideways (the resources' URI column was a few letters wide,
// the agent calls' Outcome off the window).

const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
  // Changes to list, and agents for the matrix's rows.
  await ui.api('addAgent', { name: 'laptop', servers: '*' });
  const { token } = await ui.api<{ token: string }>('addAgent', { name: 'build-runner-with-a-long-name', servers: ['everything'] });
  // Agent calls to list: one that succeeds, one the service refuses.
  const agent = await connectAgent(ui.served.bridge ?? '', token);
  try {
    await agent.client.callTool({ name: 'everything__echo', arguments: { message: 'from a phone-wide test' } });
    await agent.client.callTool({ name: 'everything__echo', arguments: {} });
  } finally {
    await agent.close();
  }
}, 45_000);

/** The right edges of a table's last cell in every body row, and how wide the page is. */
async function lastCells(page: Page, table: Locator): Promise<{ rights: number[]; pageWidth: number; scrolls: boolean }> {
  const cells = table.locator('tbody tr > :last-child');
  const rights: number[] = [];
  for (let i = 0; i < (await cells.count()); i++) {
    const box = await cells.nth(i).boundingBox();
    rights.push(box ? box.x + box.width : Number.POSITIVE_INFINITY);
  }
  const pageWidth = await page.evaluate(() => document.documentElement.clientWidth);
  const scrolls = await table.evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) if (node.scrollWidth > node.clientWidth + 1) return true;
    return false;
  });
  return { rights, pageWidth, scrolls };
}

const CASES = [
  { hash: '#/activity', name: 'activity-changes', table: 'Changes, newest first', lastHeader: 'Outcome' },
  { hash: '#/access', name: 'access-matrix', table: 'Which agent may use which service', lastHeader: null },
  { hash: '#/activity', name: 'activity-agent-calls', table: 'Agent calls, newest first; open a row for its arguments, result, who decided and how long it took', lastHeader: 'Approval' },
  { hash: '#/services/everything/resources', name: 'service-resources', table: 'Resources of everything', lastHeader: 'Description' },
];

describe('tables at a phone width', () => {
  for (const { hash, name, table: caption, lastHeader } of CASES) {
    it(`${name}: every row's last column is within the window at 420 px, and it is still a table`, async () => {
      const { page } = ui;
      await ui.open(hash);
      for (const scheme of ['light', 'dark'] as const) {
        for (const width of [1280, 420]) {
          const where = `${name} ${scheme} ${width}`;
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize({ width, height: 900 });
          const table = page.getByRole('table', { name: caption });
          await table.waitFor();
          await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(1);
          // Assistive technology still reads rows, column headings and cells.
          const headers = table.getByRole('columnheader');
          expect(await headers.count(), where).toBeGreaterThan(1);
          if (lastHeader !== null) expect(await headers.last().textContent(), where).toBe(lastHeader);
          expect(await table.getByRole('row').count(), where).toBeGreaterThan(2);
          expect(await table.getByRole('cell').count(), where).toBeGreaterThan(2);
          const { rights, pageWidth, scrolls } = await lastCells(page, table);
          expect(rights.length, where).toBeGreaterThan(1);
          expect(rights.filter((right) => right > pageWidth), where).toEqual([]);
          expect(scrolls, where).toBe(false);
          await ui.screenshot(`narrow-${name}-${scheme}-${width}`);
          expect(await seriousAxeProblems(page), where).toEqual([]);
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(ui.problems).toEqual([]);
    }, 120_000);
  }
});
