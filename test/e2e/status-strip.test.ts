import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { seriousAxeProblems, serverRow, useUiSession, waitForState } from '../support/e2e';

let agent: AgentClient | undefined;

const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
}, 45_000);

afterAll(async () => {
  await agent?.close();
});

describe('the status strip on every screen', () => {
  it('says the bridge is open, lets the person allow a waiting call in place, and says when the bridge is paused', async () => {
    const { page } = ui;
    const strip = page.getByRole('region', { name: 'Status' });
    await strip.getByText('Bridge open to your agents').waitFor();
    await strip.getByText('Nothing waits for you').waitFor();

    const { token } = await ui.api<{ token: string }>('addAgent', { name: 'strip agent', servers: ['everything'], policy: { read: 'ask', write: 'ask', destructive: 'ask' } });
    agent = await connectAgent(ui.served.bridge ?? '', token, 'strip-agent');
    const { tools } = await agent.client.listTools();
    const echo = tools.find((t) => t.name.endsWith('echo'))?.name ?? 'everything__echo';
    const call = agent.client.callTool({ name: echo, arguments: { message: 'allowed from the strip' } });

    // On a screen that is not Activity: the call waits in the strip, with Allow and Deny right there.
    await ui.open('#/settings');
    const allow = strip.getByRole('button', { name: 'Allow echo on everything for strip agent', exact: true });
    await allow.waitFor({ timeout: 15_000 });
    await expect(strip.getByRole('button', { name: 'Deny echo on everything for strip agent', exact: true }).count()).resolves.toBe(1);
    // Allow and Deny in place: named by their text first (WCAG 2.5.3), 24 px targets, no serious axe finding.
    const deny = strip.getByRole('button', { name: 'Deny echo on everything for strip agent', exact: true });
    expect([await allow.textContent(), await deny.textContent()]).toEqual(['Allow', 'Deny']);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 420]) {
        await page.setViewportSize({ width, height: 860 });
        await ui.screenshot(`status-strip-waiting-${scheme}-${width}`);
        for (const button of [allow, deny]) {
          const box = await button.boundingBox();
          expect(box && Math.min(box.width, box.height), `${scheme} ${width}`).toBeGreaterThanOrEqual(24);
        }
        expect(await seriousAxeProblems(page), `${scheme} ${width}`).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 860 });
    await allow.click();
    const result = await call;
    expect(JSON.stringify(result.content)).toContain('allowed from the strip');
    await strip.getByText('Nothing waits for you').waitFor();

    await ui.api('setBridgePaused', { paused: true });
    await strip.getByText(/Bridge paused/).waitFor();
    await ui.screenshot('status-strip-paused');
    await ui.api('setBridgePaused', { paused: false });
    await strip.getByText('Bridge open to your agents').waitFor();
    expect(ui.problems).toEqual([]);
  }, 120_000);
});
