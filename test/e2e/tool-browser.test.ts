import { beforeAll, describe, expect, it } from 'vitest';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready', 15_000);
}, 45_000);

describe('service detail and tool browser against the real everything server', () => {
  it('opens the service from its row and shows its state history', async () => {
    const { page } = ui;
    await serverRow(page, 'everything').getByRole('link', { name: 'everything' }).click();
    await page.getByRole('heading', { level: 1, name: 'everything' }).waitFor();
    const history = page.getByRole('region', { name: 'State history' });
    expect(await history.getByText('ready').count()).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: 'Details' }).getByText(/server-everything/).count()).toBe(1);
    await ui.screenshot('service-overview');
  });

  it('calls echo through the form generated from its input schema and shows the result', async () => {
    const { page } = ui;
    await page.getByRole('navigation', { name: 'Sections of everything' }).getByRole('link', { name: /Tools/ }).click();
    await page.getByRole('navigation', { name: 'Tools of everything' }).getByRole('link', { name: /^echo/ }).click();
    const tool = page.getByRole('article', { name: /Echo Tool/ });
    await tool.getByText('Echoes back the input string').waitFor();
    await tool.getByLabel('message').fill('hello from the browser');
    await tool.getByRole('button', { name: 'Call echo' }).click();
    const result = page.getByRole('region', { name: /Result of echo/ });
    await result.waitFor({ timeout: 15_000 });
    expect(await result.getByRole('group', { name: 'Result 1' }).textContent()).toBe('Echo: hello from the browser');
    await ui.screenshot('tool-browser-echo');
  });

  it('refuses a call whose required argument is missing, without reaching the server', async () => {
    const { page } = ui;
    const tool = page.getByRole('article', { name: /Echo Tool/ });
    await tool.getByLabel('message').fill('');
    await tool.getByRole('button', { name: 'Call echo' }).click();
    await tool.getByText('Required.').waitFor();
  });

  it('shows progress of a long-running tool, then its result', async () => {
    const { page } = ui;
    await page.getByRole('navigation', { name: 'Tools of everything' }).getByRole('link', { name: /^trigger-long-running-operation/ }).click();
    const tool = page.getByRole('article', { name: /Long Running/ });
    await tool.getByLabel('duration', { exact: false }).fill('2');
    await tool.getByLabel('steps', { exact: false }).fill('4');
    await tool.getByRole('button', { name: 'Call trigger-long-running-operation' }).click();
    // Waited for, not counted after the text: on a loaded machine the result may follow the last step at once.
    await tool.getByRole('progressbar', { name: 'Progress of trigger-long-running-operation' }).waitFor({ timeout: 10_000 });
    await tool.getByText(/\(\d of 4\)/).waitFor({ timeout: 10_000 });
    await ui.screenshot('tool-browser-progress');
    const result = page.getByRole('region', { name: /Result of trigger-long-running-operation/ });
    await result.waitFor({ timeout: 15_000 });
    expect(await result.getByRole('group', { name: 'Result 1' }).textContent()).toMatch(/^Long running operation completed/);
  });

  it('shows an image result as an image', async () => {
    const { page } = ui;
    await page.getByRole('navigation', { name: 'Tools of everything' }).getByRole('link', { name: /^get-tiny-image/ }).click();
    const tool = page.getByRole('article', { name: /get-tiny-image|Tiny Image/i });
    await tool.getByRole('button', { name: 'Call get-tiny-image' }).click();
    const image = page.getByRole('region', { name: /Result of get-tiny-image/ }).getByRole('img', { name: /Image result 2 \(image\/png\)/ });
    await image.waitFor({ timeout: 15_000 });
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  it('lists resources and prompts', async () => {
    const { page } = ui;
    const sections = page.getByRole('navigation', { name: 'Sections of everything' });
    await sections.getByRole('link', { name: /Resources/ }).click();
    await page.getByRole('heading', { name: 'Resources', exact: true }).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
    await ui.screenshot('service-resources');
    await sections.getByRole('link', { name: /Prompts/ }).click();
    await page.getByRole('heading', { name: 'Prompts', exact: true }).waitFor();
    expect(await page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).count()).toBeGreaterThan(0);
    await ui.screenshot('service-prompts');
    expect(ui.problems).toEqual([]);
  });
});
