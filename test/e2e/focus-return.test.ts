import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { catalogRow, dialog, focusedName, serverRow, useUiSession, waitForState } from '../support/e2e';

let agent: AgentClient | undefined;

const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
}, 45_000);

afterAll(async () => {
  await agent?.close();
});

/** What has focus: `body` when it fell to the page. */
const focusedTag = () => ui.page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? '');

describe('focus returns where the person was', () => {
  it('after the one-step Add, back to the catalog row; after Approve, to Connect', async () => {
    const { page } = ui;
    const addAgain = catalogRow(page, 'Everything (reference)').getByRole('button', { name: 'Add again, Everything (reference)' });
    await addAgain.press('Enter');
    const add = dialog(page, 'Add Everything (reference)');
    await add.getByLabel('Name').fill('focus-one');
    await add.getByRole('button', { name: 'Continue' }).press('Enter');
    const sheet = dialog(page, 'Connect focus-one');
    await sheet.getByRole('button', { name: 'Cancel' }).press('Enter');
    await sheet.waitFor({ state: 'detached' });
    // Nothing was added, so no row to go to: back to the control that opened the add.
    await expect.poll(() => focusedName(page), { timeout: 5_000 }).toBe('Add again, Everything (reference)');
    await ui.screenshot('focus-after-add');

    // An entry added elsewhere (the command line) waits for its approval on its row.
    await ui.api('addServer', { name: 'focus-ref', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything', 'stdio'] } });
    const approveButton = serverRow(page, 'focus-ref').getByRole('button', { name: 'Approve command for focus-ref' });
    await approveButton.focus();
    await page.keyboard.press('Enter');
    const approve = dialog(page, 'Approve the command of focus-ref');
    await approve.getByRole('button', { name: 'Approve and allow it to run' }).press('Enter');
    await approve.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page), { timeout: 5_000 }).toBe('Connect focus-ref');
    await ui.screenshot('focus-after-approve');
  });

  it('after a dialog closes with Escape, to the button that opened it', async () => {
    const { page } = ui;
    await page.getByRole('button', { name: 'Paste a command or JSON' }).press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedName(page)).toBe('Paste a command or JSON');
  });

  it('after "I have saved it", to the new agent’s card', async () => {
    const { page } = ui;
    await ui.open('#/agents');
    await page.getByRole('button', { name: 'Create agent' }).press('Enter');
    const create = dialog(page, 'Create an agent');
    await create.getByRole('textbox', { name: /^Name/ }).fill('focus agent');
    await create.getByRole('button', { name: 'Create agent' }).press('Enter');
    const saved = page.getByRole('region', { name: 'Token for focus agent' }).getByRole('button', { name: 'I have saved it' });
    await saved.press('Enter');
    await saved.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page), { timeout: 5_000 }).toBe('focus agent');
    expect(await page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-agent'))).toBe('focus agent');
    await ui.screenshot('focus-after-saved-token');
  });

  it('after Allow, to the next waiting call, then to the section when none is left', async () => {
    const { page } = ui;
    const { token } = await ui.api<{ token: string }>('addAgent', { name: 'asker', servers: ['everything'], policy: { read: 'ask', write: 'ask', destructive: 'ask' } });
    agent = await connectAgent(ui.served.bridge ?? '', token, 'asker');
    await ui.open('#/activity');
    const first = agent.client.callTool({ name: 'everything__echo', arguments: { message: 'one' } });
    const allow = page.getByRole('button', { name: 'Allow echo on everything for asker', exact: true });
    await allow.first().waitFor({ timeout: 15_000 });
    const second = agent.client.callTool({ name: 'everything__echo', arguments: { message: 'two' } });
    await expect.poll(() => allow.count(), { timeout: 15_000 }).toBe(2);

    await allow.first().press('Enter');
    await first;
    await expect.poll(() => allow.count()).toBe(1);
    await expect.poll(() => focusedName(page), { timeout: 5_000 }).toBe('Allow echo on everything for asker');
    await ui.screenshot('focus-after-allow');

    await page.keyboard.press('Enter');
    await second;
    await expect.poll(() => focusedName(page), { timeout: 5_000 }).toBe('Waiting for you');
    expect(await focusedTag()).toBe('h2');
    expect(ui.problems).toEqual([]);
  });
});
