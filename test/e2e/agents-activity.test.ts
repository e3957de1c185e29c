import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { dialog, seriousAxeProblems, serverRow, useUiSession, waitForState } from '../support/e2e';

let agent: AgentClient | undefined;
let token = '';

const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
}, 45_000);

afterAll(async () => {
  await agent?.close();
});

describe('agents and approvals against the real bridge', () => {
  it('creates an agent, shows its token once with a copy button and a client configuration', async () => {
    const { page } = ui;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('button', { name: 'Create agent' }).click();
    const create = dialog(page, 'Create an agent');
    await create.getByRole('textbox', { name: /^Name/ }).fill('e2e agent');
    await create.getByLabel('Only the services I choose').check();
    await create.getByLabel('everything', { exact: true }).check();
    await create.getByLabel('Read-only tools', { exact: false }).selectOption({ label: 'Ask me each time' });
    await ui.screenshot('agents-create');
    await create.getByRole('button', { name: 'Create agent' }).click();

    const panel = page.getByRole('region', { name: 'Token for e2e agent' });
    // Hidden until revealed (agent-setup.test.ts shows the configuration's part).
    await panel.getByRole('button', { name: 'Reveal' }).click();
    await panel.getByRole('button', { name: 'Show token' }).click();
    token = (await panel.getByLabel('token', { exact: true }).textContent()) ?? '';
    expect(token).toMatch(/^cs_agent_/);
    await panel.getByRole('button', { name: 'Copy token' }).click();
    await panel.getByText('Copied', { exact: false }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    const snippet = panel.getByRole('group', { name: 'Claude Code configuration for e2e agent' });
    await expect.poll(async () => (await snippet.textContent()) ?? '').toContain(`Bearer ${token}`);
    await panel.getByRole('combobox', { name: 'Configuration for' }).selectOption({ label: 'VS Code' });
    expect(await panel.getByRole('group', { name: 'VS Code configuration for e2e agent' }).textContent()).toContain(token);
    await ui.screenshot('agents-token-once');

    await panel.getByRole('button', { name: 'I have saved it' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(token);
    const card = page.getByRole('listitem', { name: 'e2e agent' });
    expect(await card.getByText('read-only: ask').count()).toBe(1);
    await ui.screenshot('agents');
  });

  it('holds an agent call for approval until the person allows it, and records it', async () => {
    const { page } = ui;
    expect(ui.served.bridge).not.toBeNull();
    agent = await connectAgent(ui.served.bridge ?? '', token, 'e2e-agent');
    const { tools } = await agent.client.listTools();
    const echo = tools.find((t) => t.name.endsWith('echo'))?.name ?? 'everything__echo';
    const call = agent.client.callTool({ name: echo, arguments: { message: 'approved by a person' } });

    await page.getByRole('link', { name: 'Activity 1 waiting for approval' }).click();
    const allow = page.getByRole('button', { name: 'Allow echo on everything for e2e agent', exact: true });
    await allow.waitFor({ timeout: 10_000 });
    await ui.screenshot('activity-pending-approval');
    // Always allow says in its text what it remembers (WCAG 2.5.3), keeps a 24 px target, and fits at 420 px.
    const always = page.getByRole('button', { name: 'Always allow echo on everything for e2e agent', exact: true });
    expect(await always.textContent()).toBe('Always allow echo on everything for e2e agent');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 420]) {
        await page.setViewportSize({ width, height: 860 });
        await ui.screenshot(`activity-pending-approval-${scheme}-${width}`);
        const where = `${scheme} ${width}`;
        for (const button of [allow, always]) {
          const box = await button.boundingBox();
          expect(box && Math.min(box.width, box.height), where).toBeGreaterThanOrEqual(24);
          expect(box && box.x + box.width, where).toBeLessThanOrEqual(width);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
        expect(await seriousAxeProblems(page), where).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 860 });
    await allow.click();
    const result = (await call) as { content: Array<{ type: string; text?: string }> };
    expect(result.content[0]?.text).toBe('Echo: approved by a person');
    await page.getByText('Nothing is waiting for your decision.').waitFor();

    const table = page.getByRole('table', { name: 'Agent calls, newest first' });
    await table.getByRole('cell', { name: 'echo' }).first().waitFor({ timeout: 10_000 });
    expect(await table.getByRole('row').filter({ hasText: 'e2e agent' }).count()).toBeGreaterThan(0);
  }, 120_000);

  it('denies a call, and filters the audit log by outcome', async () => {
    const { page } = ui;
    const call = agent?.client.callTool({ name: 'everything__echo', arguments: { message: 'no' } }).catch((error: unknown) => error);
    const deny = page.getByRole('button', { name: 'Deny echo on everything for e2e agent', exact: true });
    await deny.waitFor({ timeout: 10_000 });
    await deny.click();
    const outcome = (await call) as { isError?: boolean } | Error;
    expect(outcome instanceof Error || outcome.isError === true).toBe(true);
    await page.getByRole('combobox', { name: 'Outcome' }).selectOption('denied');
    await page.getByRole('table', { name: 'Agent calls, newest first' }).getByText('denied').first().waitFor({ timeout: 10_000 });
    expect(await page.getByRole('table', { name: 'Agent calls, newest first' }).getByRole('row').filter({ hasText: /\bok\b/ }).count()).toBe(0);
    await ui.screenshot('activity');
    expect(ui.problems).toEqual([]);
  });

  it('adds a per-tool rule on the Agents screen that lets the call through without asking', async () => {
    const { page } = ui;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    const card = page.getByRole('listitem', { name: 'e2e agent' });
    await card.getByRole('button', { name: 'Add tool rule for e2e agent' }).click();
    const form = card.getByRole('form', { name: 'New tool rule for e2e agent' });
    await form.getByLabel('Tool').fill('echo');
    await form.getByLabel('Decision').selectOption({ label: 'always allow' });
    await ui.screenshot('agents-tool-rule');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await card.getByText('everything/echo').waitFor();

    // read=ask for this agent, but the rule allows echo: the call is answered with no approval.
    const result = (await agent?.client.callTool({ name: 'everything__echo', arguments: { message: 'allowed by a rule' } })) as { content: Array<{ text?: string }> };
    expect(result.content[0]?.text).toBe('Echo: allowed by a rule');
    expect(ui.problems).toEqual([]);
  });
});
