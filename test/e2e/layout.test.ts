import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlBoxes, dialog, overlaps, serverRow, useUiSession, waitForState } from '../support/e2e';

// Layout checks in Chromium at the two widths people use (issue 17, item 6), light and dark.
const WIDTHS = [800, 1280] as const;
const LONG_COMMAND = 'definitely-not-a-command-cs-e2e-with-a-long-name-that-goes-on-and-on-and-on-without-any-space';

const ONE_WORD_COMMAND = `/usr/bin/${'z'.repeat(180)}`;

const ui = useUiSession();

beforeAll(async () => {
  await ui.api('addServer', { name: 'broken', config: { command: LONG_COMMAND } });
  await ui.api('approveServer', { name: 'broken' });
  await ui.api('connect', { name: 'broken' }).catch(() => undefined);
  await waitForState(serverRow(ui.page, 'broken'), 'error');
  // One word with nowhere to break (no hyphen, no slash after the first ones): it waits for approval.
  await ui.api('addServer', { name: 'oneword', config: { command: ONE_WORD_COMMAND } });
  // Access's "Copy value of GITHUB_PERSONAL_ACCESS_TOKEN" ran off the page at 420 px.
  await ui.api('setSecret', { name: 'GITHUB_PERSONAL_ACCESS_TOKEN', value: 'layout-check-value-0123456789' });
}, 45_000);

describe('layout at 420 px (a phone, a narrow window)', () => {
  for (const route of ['#/', '#/agents', '#/activity', '#/settings', '#/access', '#/services/broken']) {
    it(`keeps every section in reach and nothing wider than the window (${route})`, async () => {
      const { page } = ui;
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 420, height: 900 });
      await ui.open(route);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await ui.screenshot(`layout-420-${route.replace(/[#/]/g, '') || 'services'}`);
      for (const name of ['Services', 'Agents', 'Activity', 'Settings']) {
        const box = (await page.getByRole('navigation').first().getByRole('link', { name, exact: true }).boundingBox())!;
        expect(box.x, `${name} starts in the window`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} ends in the window`).toBeLessThanOrEqual(420);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
    });
  }

  it('keeps "Activity" and its count of waiting decisions on one line at 400 px', async () => {
    const { page, home } = ui;
    // A change asked with the command line's credential waits for the person: one decision.
    const { origin, secret } = JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { origin: string; secret: string };
    const asked = await fetch(`${origin}/api/addAgent`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ name: 'waiting' }) });
    expect(asked.status).toBe(403);
    await page.setViewportSize({ width: 400, height: 900 });
    await ui.open('#/agents');
    const nav = page.getByRole('navigation').first();
    const activity = nav.getByRole('link', { name: 'Activity 1 waiting for approval' });
    await activity.waitFor();
    await ui.screenshot('layout-400-nav-count');
    const one = (await nav.getByRole('link', { name: 'Services', exact: true }).boundingBox())!;
    const box = (await activity.boundingBox())!;
    expect(box.height, 'the count beside "Activity", not under it').toBeLessThanOrEqual(one.height + 1);
    for (const name of ['Services', 'Agents', 'Access', 'Settings']) {
      const item = (await nav.getByRole('link', { name, exact: true }).boundingBox())!;
      expect(item.x + item.width, `${name} ends in the window`).toBeLessThanOrEqual(400);
    }
    expect(box.x + box.width).toBeLessThanOrEqual(400);
  });

  it('keeps a waiting change with a long server name and address inside a 390 px window', async () => {
    const { page, home } = ui;
    const { origin, secret } = JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { origin: string; secret: string };
    const name = 'a-very-long-service-name-that-goes-on-and-on-and';
    const url = 'https://very-long-host-name-for-testing-layout.example.com/some/deep/path/to/the/mcp/endpoint/that/is/long';
    const asked = await fetch(`${origin}/api/addServer`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ name, config: { type: 'http', url } }) });
    expect(asked.status).toBe(403);
    await page.setViewportSize({ width: 390, height: 900 });
    await ui.open('#/activity');
    const card = page.locator('li.confirmation').filter({ hasText: name }).first();
    await card.waitFor();
    await ui.screenshot('layout-390-long-confirmation');
    const box = (await card.boundingBox())!;
    expect(box.x + box.width, 'the card ends in the window').toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("keeps an agent's card and Activity's Agent filter in a 400 px window when its name is long", async () => {
    const { page } = ui;
    const name = 'claude-code-on-my-laptop-with-a-long-name';
    await ui.api('addAgent', { name, servers: '*' });
    await page.setViewportSize({ width: 400, height: 900 });
    await ui.open('#/agents');
    const connect = page.getByRole('button', { name: `Connect ${name} to an installed client` });
    await connect.waitFor();
    await ui.screenshot('layout-400-agent-long-name');
    const box = (await connect.boundingBox())!;
    expect(box.x + box.width, 'the Connect button ends in the window').toBeLessThanOrEqual(400);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    // Activity's Agent filter lists the name as a choice: the select shrinks to the window.
    await ui.open('#/activity');
    const filter = page.getByRole('combobox', { name: 'Agent' });
    await filter.locator('option', { hasText: name }).waitFor({ state: 'attached' });
    await ui.screenshot('layout-400-activity-long-agent');
    const select = (await filter.boundingBox())!;
    expect(select.x + select.width, 'the Agent filter ends in the window').toBeLessThanOrEqual(400);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await ui.api('removeAgent', { name });
  });
  afterAll(async () => {
    await ui.page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('layout at 800 and 1280 px', () => {
  it("keeps the Checks panel's two buttons together at the end of its heading", async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 900 });
    await ui.open('#/settings');
    const again = (await page.getByRole('button', { name: 'Run checks again' }).boundingBox())!;
    const now = (await page.getByRole('button', { name: 'Check services now' }).boundingBox())!;
    expect(now.x - (again.x + again.width), 'side by side').toBeLessThan(16);
    expect(Math.abs(now.y - again.y)).toBeLessThan(2);
    expect(again.x, 'at the end, not floating in the middle').toBeGreaterThan(640);
  });

  // A service's command of one long word wraps inside the window under its title.
  for (const width of WIDTHS) {
    it(`wraps a service's one-word command under its title inside the window (${width} px)`, async () => {
      const { page } = ui;
      await page.setViewportSize({ width, height: 800 });
      await ui.open('#/services/oneword');
      const lead = page.locator('.page-header .lead');
      expect(await lead.textContent()).toContain('zzzz');
      await ui.screenshot(`layout-one-word-command-${width}`);
      const box = (await lead.boundingBox())!;
      expect(box.x + box.width, 'the command inside the window').toBeLessThanOrEqual(width);
      expect(await lead.evaluate((e) => e.scrollWidth - e.clientWidth), 'no text past its box').toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Its addition in Activity's Changes wraps too: the table needs no sideways scroll to its outcome.
      await ui.open('#/activity');
      const changes = page.getByRole('table', { name: 'Changes, newest first' });
      const added = changes.getByRole('row').filter({ hasText: 'add the service "oneword"' });
      await added.waitFor();
      await ui.screenshot(`layout-one-word-change-${width}`);
      expect(await changes.evaluate((e) => e.scrollWidth - e.clientWidth), 'no sideways scroll').toBeLessThanOrEqual(0);
      const outcome = (await added.locator('td').last().boundingBox())!;
      expect(outcome.x + outcome.width, 'the outcome in the window').toBeLessThanOrEqual(width);
    });
  }

  for (const width of WIDTHS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`lays out the custom-service form's argument items without overlap (${width} px, ${colorScheme})`, async () => {
        const { page } = ui;
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        await ui.open('#/');
        await page.getByRole('button', { name: 'Add custom service' }).click();
        const add = dialog(page, 'Add a custom service');
        for (const arg of ['-y', '@modelcontextprotocol/server-memory']) {
          await add.getByRole('button', { name: 'Add item to Arguments' }).click();
          await add.getByRole('textbox', { name: /^Argument/ }).last().fill(arg);
        }
        await ui.screenshot(`layout-custom-form-${width}-${colorScheme}`);
        const boxes = await controlBoxes(add);
        expect(boxes.length).toBeGreaterThan(8);
        expect(overlaps(boxes)).toEqual([]);
        // Each argument input gets the room: never the ~20 px sliver of issue 17.
        for (const input of await add.getByRole('textbox', { name: /^Argument/ }).all()) expect((await input.boundingBox())?.width ?? 0).toBeGreaterThan(200);
        await add.getByRole('button', { name: 'Cancel' }).click();
        await add.getByRole('button', { name: 'Discard changes' }).click();
        await add.waitFor({ state: 'detached' });
      });
    }

    it(`keeps an erroring service's buttons together and in order, the error below them (${width} px)`, async () => {
      const { page } = ui;
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width, height: 900 });
      // On the Tools tab: the Overview says a failed start once, under Last error, not beside the buttons.
      await ui.open('#/services/broken/tools');
      await page.getByRole('button', { name: 'Restart broken' }).click();
      const alert = page.locator('.page-actions [role="alert"]');
      await alert.waitFor();
      await ui.screenshot(`layout-error-header-${width}`);
      const names = ['Restart broken', 'Disable broken', 'Remove broken'];
      const buttons = await Promise.all(names.map(async (name) => (await page.getByRole('button', { name, exact: true }).boundingBox())!));
      for (const [i, box] of buttons.entries()) {
        expect(Math.abs(box.y - buttons[0]!.y), `${names[i]} on the first button's line`).toBeLessThan(2);
        if (i > 0) expect(box.x, `${names[i]} after ${names[i - 1]}`).toBeGreaterThan(buttons[i - 1]!.x + buttons[i - 1]!.width);
      }
      const note = (await alert.boundingBox())!;
      expect(note.y).toBeGreaterThanOrEqual(Math.max(...buttons.map((b) => b.y + b.height)));
      // A long error wraps inside the page instead of running off it.
      expect(note.x + note.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // A long command wraps inside its Details panel instead of spilling into the next one.
      await ui.open('#/services/broken');
      const details = page.getByRole('region', { name: 'Details' });
      const panel = (await details.boundingBox())!;
      const command = details.locator('.command-line');
      const box = (await command.boundingBox())!;
      expect(box.x + box.width, 'the command inside its panel').toBeLessThanOrEqual(panel.x + panel.width + 0.5);
      expect(await command.evaluate((e) => e.scrollWidth - e.clientWidth), 'no text past the command box').toBeLessThanOrEqual(0);

      await ui.open('#/');
      const row = serverRow(page, 'broken');
      await row.getByRole('button', { name: 'Restart broken' }).click();
      const rowAlert = row.getByRole('alert');
      await rowAlert.waitFor();
      await ui.screenshot(`layout-error-row-${width}`);
      const rowButtons = await controlBoxes(row.locator('.button-row'));
      const rowNote = (await rowAlert.boundingBox())!;
      expect(rowNote.y).toBeGreaterThanOrEqual(Math.max(...rowButtons.map((b) => b.y + b.height)));
      expect(overlaps([...rowButtons, { what: 'error', ...rowNote }])).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});
