import { describe, expect, it } from 'vitest';
import { catalogRow, dialog, seriousAxeProblems, serverRow, useUiSession, stateOf, waitForState } from '../support/e2e';

// The real core in web mode with its demo servers (everything, memory) and one Chromium page.

const ui = useUiSession();

describe('catalog in a real browser against the real core', () => {
  it('lists the demo servers and the catalog', async () => {
    const { page } = ui;
    await waitForState(serverRow(page, 'everything'), 'ready', 15_000);
    await waitForState(serverRow(page, 'memory'), 'ready', 15_000);
    // 17: server-everything's tools with those it offers only to clients that can answer elicitation and sampling.
    expect(await serverRow(page, 'everything').getByText('17 tools').count()).toBe(1);
    expect(await catalogRow(page, 'Linear').getByText('OAuth').count()).toBe(1);
    await ui.screenshot('catalog');
  });

  it('adds a reference server from the catalog in one go: its exact command approved, connected, its tools listed', async () => {
    const { page } = ui;
    await catalogRow(page, 'Everything (reference)').getByRole('button', { name: 'Add again, Everything (reference)' }).click();
    const add = dialog(page, 'Add Everything (reference)');
    await add.getByLabel('Name').fill('ref-everything');
    await ui.screenshot('catalog-add-from-catalog');
    await add.getByRole('button', { name: 'Continue' }).click();

    const sheet = dialog(page, 'Connect ref-everything');
    expect(await sheet.getByRole('group', { name: 'What you approve' }).textContent()).toBe('npx -y @modelcontextprotocol/server-everything stdio');
    // Nothing is written before the one consent.
    expect((await ui.api<{ servers: Array<{ name: string }> }>('status')).servers.some((s) => s.name === 'ref-everything')).toBe(false);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 420]) {
        await page.setViewportSize({ width, height: 900 });
        await ui.screenshot(`connect-sheet-consent-${scheme}-${width}`);
        expect(await seriousAxeProblems(page)).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await sheet.getByRole('button', { name: 'Approve and connect' }).click();
    await expect.poll(() => sheet.getByRole('status').textContent(), { timeout: 30_000 }).toContain('ref-everything is connected with 17 tools');
    // Stored (nothing to store) and signed in (no sign-in) were not needed; added, approved and started are done.
    expect(await sheet.locator('li[data-state="done"]').count()).toBe(3);
    expect(await sheet.locator('li[data-state="not_needed"]').count()).toBe(2);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 420]) {
        await page.setViewportSize({ width, height: 900 });
        await ui.screenshot(`connect-sheet-done-${scheme}-${width}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await sheet.getByRole('button', { name: 'Done' }).click();
    const row = serverRow(page, 'ref-everything');
    await waitForState(row, 'ready', 20_000);
    const config = await ui.api<{ servers: Array<{ name: string; approval: string }> }>('status');
    expect(config.servers.find((s) => s.name === 'ref-everything')?.approval).toBe('approved');
  });

  it('disables and enables a server', async () => {
    const { page } = ui;
    const row = serverRow(page, 'memory');
    await row.getByRole('button', { name: 'Disable memory' }).click();
    await waitForState(row, 'disabled', 10_000);
    await row.getByRole('button', { name: 'Enable memory' }).click();
    await expect.poll(() => stateOf(row).textContent(), { timeout: 10_000 }).not.toBe('disabled');
    await row.getByRole('button', { name: 'Disable memory' }).waitFor();
    // Enabled again, it is a healthy server that starts on first use: nothing to do, so no Connect.
    if ((await stateOf(row).getAttribute('data-state')) !== 'ready') expect(await row.getByRole('button', { name: 'Connect memory' }).count()).toBe(0);
  });

  it('searches across names and tool names and filters by state', async () => {
    const { page } = ui;
    const search = page.getByRole('searchbox', { name: 'Search services and tools' });
    await search.fill('read_graph');
    await expect.poll(() => page.getByRole('list', { name: 'Your services' }).getByRole('listitem').count()).toBe(1);
    expect(await serverRow(page, 'memory').count()).toBe(1);
    await search.fill('');
    await page.getByRole('combobox', { name: 'Show services in state' }).selectOption('available');
    expect(await page.getByRole('list', { name: 'Your services' }).count()).toBe(0);
    expect(await catalogRow(page, 'GitHub').count()).toBe(1);
    await page.getByRole('combobox', { name: 'Show services in state' }).selectOption('all');
  });

  it('adds a custom stdio service through the generated form', async () => {
    const { page } = ui;
    await page.getByRole('button', { name: 'Add custom service' }).click();
    const add = dialog(page, 'Add a custom service');
    await add.getByLabel('Name', { exact: false }).first().fill('custom-memory');
    await add.getByLabel('Command', { exact: false }).fill('npx');
    for (const arg of ['-y', '@modelcontextprotocol/server-memory']) {
      await add.getByRole('button', { name: 'Add item to Arguments' }).click();
      await add.getByRole('textbox', { name: /^Argument/ }).last().fill(arg);
    }
    await ui.screenshot('catalog-add-custom');
    await add.getByRole('button', { name: 'Add service' }).click();
    await add.waitFor({ state: 'detached' });
    await waitForState(serverRow(page, 'custom-memory'), 'pending_approval', 10_000);
    await serverRow(page, 'custom-memory').getByRole('button', { name: 'Approve command for custom-memory' }).click();
    expect(await dialog(page, 'Approve the command of custom-memory').getByRole('group', { name: 'Command line' }).textContent()).toBe(
      'npx -y @modelcontextprotocol/server-memory',
    );
    await dialog(page, 'Approve the command of custom-memory').getByRole('button', { name: 'Cancel' }).click();
    expect(ui.problems).toEqual([]);
  });

  it('answers the first press of Add service when the press itself splits the command line above the button', async () => {
    const { page } = ui;
    await page.getByRole('button', { name: 'Add custom service' }).click();
    const add = dialog(page, 'Add a custom service');
    await add.getByLabel(/^Name/).fill('bad name!');
    await add.getByLabel(/^Command/).fill('npx -y pkg /tmp');
    // One press, straight from the command box: its arguments appear above the button as it is pressed.
    await add.getByRole('button', { name: 'Add service' }).click();
    await add.getByText('Use 1-48 letters, digits, "_" or "-", starting with a letter or digit.').waitFor({ timeout: 5_000 });
    expect(await add.getByRole('textbox', { name: /^Argument/ }).count()).toBe(3);
    expect(ui.problems).toEqual([]);
  });
});
