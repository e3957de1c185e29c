import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { LONG_TOOL, longNamesServer } from '../fixtures/servers/config';
import { connectAgent } from '../support/bridge-harness';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

// The screens at the widths of a laptop (1280 × 800) and a half-screen window (900 × 700), with
// many services whose names and addresses are long.

const MIRRORS = Array.from({ length: 12 }, (_, i) => `github-enterprise-production-mirror-number-${String(i).padStart(2, '0')}`);
const LONG_NAME = 'broken-server-with-a-long-name-failing-to-start';
const TOOLS = 'long-names';
const AGENT = 'claude-code-on-my-laptop-with-a-long-name';

const ui = useUiSession();

beforeAll(async () => {
  for (const [i, name] of MIRRORS.entries()) {
    await ui.api('addServer', { name, config: { type: 'http', url: `https://mcp.very-long-company-name-for-layout-testing-${i}.example.com/v1/mcp/endpoint/path` } });
  }
  await ui.api('addServer', { name: LONG_NAME, config: { command: 'definitely-not-a-command-with-a-long-name-that-goes-on-and-on' } });
  await ui.api('approveServer', { name: LONG_NAME });
  await ui.api('connect', { name: LONG_NAME }).catch(() => undefined);
  await ui.api('addServer', { name: TOOLS, config: longNamesServer() });
  await ui.api('approveServer', { name: TOOLS });
  await ui.api('connect', { name: TOOLS });
  const { token } = await ui.api<{ token: string }>('addAgent', { name: AGENT, servers: '*' });
  // A call of a long name no service offers: the audit log records the name as sent.
  const agent = await connectAgent(ui.served.bridge ?? '', token);
  try {
    await agent.client.callTool({ name: `${TOOLS}__${LONG_TOOL}_that_no_service_offers` }).catch(() => undefined);
  } finally {
    await agent.close();
  }
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
  await waitForState(serverRow(ui.page, LONG_NAME), 'error');
}, 60_000);

const SIZES = [
  [1280, 800],
  [900, 700],
] as const;

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
    it(`keep a running service's buttons on one line, none of them broken (${width} px)`, async () => {
      const { page } = ui;
      await page.setViewportSize({ width, height });
      await ui.open('#/');
      const row = serverRow(page, 'everything');
      await row.getByRole('button', { name: 'Disable everything' }).waitFor();
      await ui.screenshot(`long-names-row-buttons-${width}`);
      const buttons = await buttonsOf(row);
      // A program without a sign-in has no Disconnect (it has none to forget).
      expect(buttons.map((b) => b.name)).toEqual(['Restart', 'Stop', 'Disable']);
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

describe('long names elsewhere', () => {
  it("shows a service's address and its \"more\" on one line, not the toggle on a line of its own", async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 800 });
    await ui.open('#/');
    const row = serverRow(page, MIRRORS[0] ?? '');
    const more = (await row.getByRole('button', { name: /^More of/ }).boundingBox())!;
    const sub = (await row.locator('.row-sub').boundingBox())!;
    expect(more.y, 'the toggle starts within the address line').toBeLessThan(sub.y + sub.height);
    expect(more.x, 'after the address').toBeGreaterThanOrEqual(sub.x + sub.width - 0.5);
    // A catalog entry has one or two short buttons: its name and description take the room instead.
    const entry = (await page.locator('li.row.entry .row-name').first().boundingBox())!;
    const name = (await row.locator('.row-name').boundingBox())!;
    expect(entry.width).toBeGreaterThan(name.width + 30);
  });

  for (const [width, height] of SIZES) {
    it(`wraps a long tool name in the list and the pane instead of cutting it or widening the page (${width} px)`, async () => {
      const { page } = ui;
      await page.setViewportSize({ width, height });
      await ui.open(`#/services/${TOOLS}/tools/${LONG_TOOL}`);
      const call = page.getByRole('button', { name: `Call ${LONG_TOOL}` });
      await call.waitFor();
      await ui.screenshot(`long-names-tool-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const box = (await call.boundingBox())!;
      expect(box.x + box.width, 'the Call button inside the window').toBeLessThanOrEqual(width);
      const name = page.locator('.tool-list .tool-name').first();
      expect(await name.textContent()).toBe(LONG_TOOL);
      const list = (await page.locator('.tool-list ul').boundingBox())!;
      const shown = (await name.boundingBox())!;
      expect(shown.x + shown.width, 'the whole name inside the list').toBeLessThanOrEqual(list.x + list.width);
      expect(await page.locator('.tool-list ul').evaluate((e) => e.scrollWidth - e.clientWidth), 'no sideways scroll in the list').toBeLessThanOrEqual(0);
    });
  }

  it('wraps a long call name in the agent calls instead of widening the table past the window (900 px)', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 900, height: 700 });
    await ui.open('#/activity');
    const table = page.getByRole('table', { name: /^Agent calls/ });
    await table.locator('code', { hasText: 'that_no_service_offers' }).first().waitFor();
    await ui.screenshot('long-names-activity-900');
    expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth), 'no sideways scroll').toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(900);
  });

  it("keeps the agent's name readable and in view while the services scroll sideways on Access", async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 800 });
    await ui.open('#/access');
    const agent = page.locator('.access-matrix th[scope="row"]').filter({ hasText: AGENT });
    await agent.waitFor();
    await ui.screenshot('long-names-access-1280');
    const before = (await agent.boundingBox())!;
    expect(before.width, 'no word-per-line column').toBeGreaterThanOrEqual(12 * 14 - 1);
    const wrap = page.locator('.access-matrix-wrap');
    expect(await wrap.evaluate((e) => e.scrollWidth > e.clientWidth), 'many services: the table scrolls').toBe(true);
    await wrap.evaluate((e) => e.scrollBy(400, 0));
    const after = (await agent.boundingBox())!;
    expect(Math.abs(after.x - before.x), 'the name stays where it was').toBeLessThan(1);
  });
});
