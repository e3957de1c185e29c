import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { seriousAxeProblems, serverRow, useUiSession, waitForState } from '../support/e2e';

let agent: AgentClient | undefined;

const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready', 15_000);
}, 45_000);

afterAll(async () => {
  await agent?.close();
});

/** How far the element's top is below the window's bottom edge (≤ 0: on screen). */
const belowFold = (selector: string) =>
  ui.page.evaluate((s) => {
    const box = document.querySelector(s)?.getBoundingClientRect();
    return box ? box.top - window.innerHeight : Number.POSITIVE_INFINITY;
  }, selector);

describe('the tool browser: titles, a history of calls with Run again, raw JSON, at 420 px', () => {
  it('lists titles and descriptions, keeps the answer on screen at 420 px, and runs a past call again', async () => {
    const { page } = ui;
    // An agent's call first: the tool's history names it, from the audit log.
    const { token } = await ui.api<{ token: string }>('addAgent', { name: 'historian', servers: ['everything'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    agent = await connectAgent(ui.served.bridge ?? '', token, 'historian');
    await agent.client.callTool({ name: 'everything__echo', arguments: { message: 'from an agent' } });

    await page.setViewportSize({ width: 420, height: 800 });
    await ui.open('#/services/everything/tools');
    const list = page.getByRole('navigation', { name: 'Tools of everything' });
    const echo = list.getByRole('link', { name: /^echo/ });
    expect(await echo.textContent()).toMatch(/Echoes back the input/);
    await echo.click();
    const tool = page.getByRole('article', { name: /Echo Tool/ });
    const history = tool.getByRole('region', { name: 'Calls of echo' });
    await history.getByText('agent historian').waitFor({ timeout: 10_000 });

    await tool.getByLabel('message').fill('first');
    await tool.getByRole('button', { name: 'Call echo' }).click();
    const result = page.getByRole('region', { name: /Result of echo/ });
    await result.waitFor({ timeout: 15_000 });
    // The answer is brought into view, not left below the form.
    await expect.poll(() => belowFold('#call-result-title')).toBeLessThanOrEqual(0);
    await ui.screenshot('tool-history-result-420');
    // The raw JSON of the result, on request.
    await result.getByText('Raw result').click();
    expect(await result.getByRole('group', { name: 'Raw result' }).textContent()).toContain('"text": "Echo: first"');

    await tool.getByLabel('message').fill('second');
    await tool.getByRole('button', { name: 'Call echo' }).click();
    await result.getByRole('group', { name: 'Result 1' }).getByText('Echo: second').waitFor({ timeout: 15_000 });
    const rows = history.getByRole('listitem');
    await expect.poll(() => rows.filter({ hasText: 'you' }).count()).toBe(2);
    // Run again the first call (the older of the person's two): the form and the answer are its.
    await rows.filter({ hasText: '"first"' }).getByRole('button', { name: /^Run again, echo/ }).click();
    await result.getByRole('group', { name: 'Result 1' }).getByText('Echo: first').waitFor({ timeout: 15_000 });
    expect(await tool.getByLabel('message').inputValue()).toBe('first');
    await expect.poll(() => rows.filter({ hasText: 'you' }).count()).toBe(3);
    await history.scrollIntoViewIfNeeded();
    await ui.screenshot('tool-history-420');
    expect(await seriousAxeProblems(page)).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await ui.screenshot('tool-history-1280');
    expect(await seriousAxeProblems(page)).toEqual([]);
    expect(ui.problems).toEqual([]);
  });

  it('opens a resource on screen at 420 px', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 420, height: 800 });
    await ui.open('#/services/everything/resources');
    const open = page.getByRole('button', { name: /^(Read|Open)/ }).first();
    await open.scrollIntoViewIfNeeded();
    await open.click();
    await page.locator('#reader-title').waitFor();
    await expect.poll(() => page.evaluate(() => document.querySelector('#reader-title')?.getBoundingClientRect().top ?? -1)).toBeGreaterThanOrEqual(0);
    await expect.poll(() => belowFold('#reader-title')).toBeLessThan(0);
    await ui.screenshot('resource-open-420');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
