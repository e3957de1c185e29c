import { expect, it } from 'vitest';
import { catalogRow, serverRow, useUiSession } from '../support/e2e';

// The Services list's Sign-in column at a laptop's width: its longest value ("credentials file") on one line, clear of the next column.

const ui = useUiSession();
/** Less than this between a value and the next column's content reads as one run of words. */
const MIN_GAP = 10;

it('shows "credentials file" on one line in the Sign-in column, clear of the next column (1280 px)', async () => {
  const { page } = ui;
  await page.setViewportSize({ width: 1280, height: 800 });
  await ui.open('#/');
  await serverRow(page, 'everything').waitFor();
  const row = catalogRow(page, 'Google Analytics (local)');
  await row.scrollIntoViewIfNeeded();
  await ui.screenshot('sign-in-column-1280');
  const measured = await row.evaluate((li) => {
    const cell = li.querySelector('.row-sign-in');
    const value = [...(cell?.childNodes ?? [])].find((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    if (cell === null || value === undefined) return undefined;
    const range = document.createRange();
    range.selectNodeContents(value);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    const right = range.getBoundingClientRect().right;
    // The next column's content: the entry's state badges, else its Docs link.
    const next = [...li.querySelectorAll('.row-state > *, .row-state ~ .row-cell > *')][0]?.getBoundingClientRect().left;
    return { text: value.textContent, lines, gap: next === undefined ? undefined : next - right };
  });
  expect(measured?.text).toBe('credentials file');
  expect(measured?.lines).toBe(1);
  expect(measured?.gap).toBeGreaterThanOrEqual(MIN_GAP);
  expect(ui.problems).toEqual([]);
});
