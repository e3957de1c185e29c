import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { seriousAxeProblems, serverRow, useUiSession, waitForState } from '../support/e2e';

let agent: AgentClient | undefined;

const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
  // Arguments and results are kept only with settings.auditArguments on (applies without a restart).
  const file = join(ui.home, 'mcp.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { settings?: Record<string, unknown> };
  writeFileSync(file, JSON.stringify({ ...config, settings: { ...config.settings, auditArguments: true } }, null, 2));
}, 45_000);

afterAll(async () => {
  await agent?.close();
});

describe('Activity you can open', () => {
  it("opens an approved call to its arguments, result, who decided and the call's own time, the wait apart", async () => {
    const { page } = ui;
    const { token } = await ui.api<{ token: string }>('addAgent', { name: 'opener', servers: ['everything'], policy: { read: 'ask', write: 'ask', destructive: 'ask' } });
    agent = await connectAgent(ui.served.bridge ?? '', token, 'opener');
    await ui.open('#/activity');
    // The setting is read at each call: repeat until a call is recorded with its arguments.
    let recorded = false;
    for (let attempt = 0; attempt < 20 && !recorded; attempt++) {
      const call = agent.client.callTool({ name: 'everything__echo', arguments: { message: `opened ${attempt}` } });
      const allow = page.getByRole('button', { name: 'Allow echo on everything for opener', exact: true });
      await allow.waitFor({ timeout: 15_000 });
      await allow.click();
      await call;
      const audit = await ui.api<Array<{ arguments?: unknown }>>('readAudit', { agent: 'opener', limit: 1 });
      recorded = audit[0]?.arguments !== undefined;
    }
    expect(recorded).toBe(true);

    const table = page.getByRole('table', { name: /^Agent calls, newest first/ });
    const open = table.getByRole('button', { name: /^Details of echo on everything/ }).first();
    await open.waitFor({ timeout: 10_000 });
    await open.click();
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    const args = table.getByRole('group', { name: /^Arguments of echo on everything/ });
    expect(await args.textContent()).toMatch(/"message": "opened \d+"/);
    expect(await table.getByRole('group', { name: /^Result of echo on everything/ }).textContent()).toMatch(/Echo: opened \d+/);
    const details = table.locator('tr.audit-details');
    expect(await details.textContent()).toContain("you (opener's setting for read-only tools says ask)");
    expect(await details.textContent()).toMatch(/The call took[\d.]+ m?s, after waiting [\d.]+ m?s for you/);

    // The newest call is on top: its row is the first of the table's body.
    const firstRow = table.locator('tbody tr').first();
    const last = await ui.api<Array<{ time: number; arguments?: { message?: string } }>>('readAudit', { agent: 'opener', limit: 1 });
    expect(await table.locator('tbody tr').nth(1).textContent()).toContain('Decided by');
    expect(await firstRow.getAttribute('class')).toBe('audit-open');
    expect(await args.textContent()).toContain(last[0]?.arguments?.message ?? '-');

    for (const width of [1280, 420]) {
      await page.setViewportSize({ width, height: 900 });
      await details.scrollIntoViewIfNeeded();
      await ui.screenshot(`activity-details-${width}`);
      expect(await seriousAxeProblems(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('says changes in words: connecting a server is not `connect {"name":…}`', async () => {
    const { page } = ui;
    await ui.api('stopServer', { name: 'everything' });
    await ui.api('connect', { name: 'everything' });
    const changes = page.getByRole('table', { name: 'Changes, newest first' });
    await changes.getByRole('cell', { name: 'connect "everything"', exact: true }).waitFor({ timeout: 10_000 });
    await changes.getByRole('cell', { name: 'stop the service "everything"', exact: true }).waitFor();
    expect(await changes.textContent()).not.toMatch(/\{"name"/);
    // Newest first: the connect came after the stop.
    const cells = await changes.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(cells.indexOf('connect "everything"')).toBeLessThan(cells.indexOf('stop the service "everything"'));
    await changes.scrollIntoViewIfNeeded();
    await ui.screenshot('activity-changes-in-words');
    expect(ui.problems).toEqual([]);
  });
});
