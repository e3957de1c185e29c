import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

// The screens at the widths of a laptop (1280 × 800) and a half-screen window (900 × 700), with
// many services whose names and addresses are long.

const MIRRORS = Array.from({ length: 12 }, (_, i) => `github-enterprise-production-mirror-number-${String(i).padStart(2, '0')}`);
const LONG_NAME = 'broken-server-with-a-long-name-failing-to-start';

const ui = useUiSession();

beforeAll(async () => {
  for (const [i, name] of MIRRORS.entries()) {
    await ui.api('addServer', { name, config: { type: 'http', url: `https://mcp.very-long-company-name-for-layout-testing-${i}.example.com/v1/mcp/endpoint/path` } });
  }
  await ui.api('addServer', { name: LONG_NAME, config: { command: 'definitely-not-a-command-with-a-long-name-that-goes-on-and-on' } });
  await ui.api('approveServer', { name: LONG_NAME });
  await ui.api('connect', { name: LONG_NAME }).catch(() => undefined);
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
  await waitForState(serverRow(ui.page, LONG_NAME), 'error');
}, 60_000);

/** Each button of a row's actions: its name, box, and how many lines its label takes. */
async function buttonsOf(row: Locator): Promise<Array<{ name: string; top: number; height: number; lines: number }>> {
  return row.locator('.button-row > .button').evaluateAll((buttons) =>
    buttons.map((b) => {
      const box = b.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(b);
      // One rectangle per line the label's text takes.
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return { name: b.textContent ?? '', top: Math.round(box.top), height: Math.round(box.height), lines };
    }),
  );
}

describe("a service row's buttons", () => {
  for (const [width, height] of [
    [1280, 800],
    [1100, 800],
    [900, 700],
  ] as const) {
    it(`keep a running service's four buttons on one line, none of them broken (${width} px)`, async () => {
      const { page } = ui;
      await page.setViewportSize({ width, height });
      await ui.open('#/');
      const row = serverRow(page, 'everything');
      await row.getByRole('button', { name: 'Disable everything' }).waitFor();
      await ui.screenshot(`long-names-row-buttons-${width}`);
      const buttons = await buttonsOf(row);
      expect(buttons.map((b) => b.name)).toEqual(['Restart', 'Stop', 'Disconnect', 'Disable']);
      for (const b of buttons) {
        expect(b.lines, `${b.name} on one line`).toBe(1);
        expect(b.top, `${b.name} on the first button's line`).toBe(buttons[0]?.top);
      }
      // Nothing runs past the list: the name gives way instead.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const long = serverRow(page, LONG_NAME);
      const box = (await long.boundingBox())!;
      const disable = (await long.getByRole('button', { name: `Disable ${LONG_NAME}` }).boundingBox())!;
      expect(disable.x + disable.width, 'Disable inside its row').toBeLessThanOrEqual(box.x + box.width);
    });
  }
});
