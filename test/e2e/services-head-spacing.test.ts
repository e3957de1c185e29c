import { expect, it } from 'vitest';
import { serverRow, useUiSession } from '../support/e2e';

// The Services list's column names at a laptop's width: each name's text stands clear of the next one.

const ui = useUiSession();
/** Less than this between two column names reads as one run of words ("TransportSign-in"). */
const MIN_GAP = 10;

it('keeps a clear gap between the column names of the Services list (1280 px)', async () => {
  const { page } = ui;
  await page.setViewportSize({ width: 1280, height: 800 });
  await ui.open('#/');
  await serverRow(page, 'everything').waitFor();
  await ui.screenshot('services-head-1280');
  // The text's own box: a name wider than its column runs past the cell's box into the gap.
  const names = await page.locator('.row-head > span').evaluateAll((spans) =>
    spans
      .filter((s) => (s.textContent ?? '') !== '')
      .map((s) => {
        const range = document.createRange();
        range.selectNodeContents(s);
        const box = range.getBoundingClientRect();
        return { name: s.textContent ?? '', left: box.left, right: box.right };
      }),
  );
  expect(names.map((n) => n.name)).toEqual(['Service', 'Transport', 'Sign-in', 'State', 'Tools', 'Expires', 'Actions']);
  for (const [i, name] of names.slice(1).entries()) {
    const before = names[i];
    if (before === undefined) continue;
    expect(name.left - before.right, `between ${before.name} and ${name.name}`).toBeGreaterThanOrEqual(MIN_GAP);
  }
  expect(ui.problems).toEqual([]);
});
