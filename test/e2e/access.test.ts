import { beforeAll, describe, expect, it } from 'vitest';
import { dialog, serverRow, useUiSession, waitForState } from '../support/e2e';

// Issue 34, item 3: one page for every credential, and agents × services beside it.

const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
  await ui.api('setSecret', { name: 'WEATHER_API_KEY', value: 'wx-e2e-secret-value-123456' });
  await ui.api('addAgent', { name: 'laptop', servers: '*' });
}, 45_000);

describe('the Access page', () => {
  it('lists every credential with what uses it, and asks before rotating', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Access' }).click();
    await page.getByRole('heading', { level: 1, name: 'Access' }).waitFor();
    const secret = page.getByRole('listitem', { name: 'WEATHER_API_KEY' });
    await secret.waitFor();
    expect(await secret.textContent()).toContain('API key or secret');
    expect(await page.content()).not.toContain('wx-e2e-secret-value-123456');
    // Its value: hidden until the person confirms, then shown; copied, the clipboard is cleared later.
    await secret.getByRole('button', { name: 'Reveal' }).click();
    await secret.getByRole('button', { name: 'Show value of WEATHER_API_KEY' }).click();
    expect(await secret.getByLabel('value of WEATHER_API_KEY', { exact: true }).textContent()).toBe('wx-e2e-secret-value-123456');
    await secret.getByRole('button', { name: 'Hide' }).click();
    await secret.getByRole('button', { name: 'Copy value of WEATHER_API_KEY' }).click();
    await secret.getByText('the clipboard is cleared in 30 seconds').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('wx-e2e-secret-value-123456');
    const token = page.getByRole('listitem', { name: 'Token of laptop' });
    expect(await token.textContent()).toContain('every service');
    await ui.screenshot('access-1280');

    await token.getByRole('button', { name: 'Rotate Token of laptop' }).click();
    const confirm = dialog(page, 'Rotate Token of laptop');
    expect(await confirm.textContent()).toContain('stops working');
    await confirm.getByRole('button', { name: 'Rotate token', exact: true }).click();
    const shown = token.getByLabel('new token, hidden');
    await shown.waitFor();
    expect(await shown.textContent()).toMatch(/^•+$/);
    await token.getByRole('button', { name: 'Reveal' }).click();
    await token.getByRole('button', { name: 'Show new token' }).click();
    expect(await token.getByLabel('new token', { exact: true }).textContent()).toMatch(/^cs_agent_/);
    await token.getByRole('button', { name: 'I have saved it' }).click();
  });

  it('blocks a service for an agent from the matrix', async () => {
    const { page } = ui;
    const cell = page.getByRole('combobox', { name: 'laptop on everything' });
    expect(await cell.inputValue()).toBe('tiers');
    await cell.selectOption('block');
    await expect.poll(async () => ((await ui.api<{ name: string; servers: string[] | '*' }[]>('listAgents', {})).find((a) => a.name === 'laptop')?.servers)).not.toContain('everything');
    await expect.poll(() => page.getByRole('combobox', { name: 'laptop on everything' }).inputValue()).toBe('block');
    await page.setViewportSize({ width: 420, height: 900 });
    await ui.screenshot('access-420');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('gives the matrix the page\'s width once there are more than two services, so no column is cut off at 1280', async () => {
    const { page } = ui;
    const table = page.getByRole('table', { name: 'Which agent may use which service' });
    const fits = (): Promise<boolean> => table.evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0));
    await ui.api('addServer', { name: 'memory-notes', config: { type: 'http', url: 'http://127.0.0.1:9/mcp' } });
    await ui.api('addServer', { name: 'a-very-long-service-name-for-the-layout-check', config: { type: 'http', url: 'http://127.0.0.1:9/mcp' } });
    await page.setViewportSize({ width: 1280, height: 900 });
    await ui.reload();
    await page.getByRole('columnheader', { name: 'a-very-long-service-name-for-the-layout-check' }).waitFor();
    await expect.poll(fits).toBe(true);
    await ui.screenshot('access-three-services-1280');
  });
});
