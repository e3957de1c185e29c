import { afterAll, describe, expect, it } from 'vitest';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { dialog, seriousAxeProblems, useUiSession } from '../support/e2e';

let agent: AgentClient | undefined;

const ui = useUiSession();

afterAll(async () => {
  await agent?.close();
});

interface ClaudeCodeConfig {
  mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }>;
}

async function fitsWidth(width: number): Promise<void> {
  await ui.page.setViewportSize({ width, height: 800 });
  // What sticks out, named in the failure.
  const wide = await ui.page.evaluate((w) => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 1).map((e) => `${e.tagName.toLowerCase()}.${e.className} "${(e.textContent ?? "").slice(0, 40)}" ${Math.round(e.getBoundingClientRect().width)}`), width);
  expect(await ui.page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px: ${wide.slice(0, 14).join(', ')}`).toBeLessThanOrEqual(width);
}

describe('adding an agent for Claude Code from the Agents screen', () => {
  it('shows Claude Code’s configuration, the token hidden in it until revealed, and the configuration works', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 800 });
    await ui.open('#/agents');
    await page.getByRole('button', { name: 'Create agent' }).click();
    const create = dialog(page, 'Create an agent');
    await create.getByRole('textbox', { name: /^Name/ }).fill('claude laptop');
    const client = create.getByRole('combobox', { name: /^Its client/ });
    expect(await client.locator('option:checked').textContent()).toBe('Claude Code');
    await ui.screenshot('agent-setup-form-1280');
    await create.getByRole('button', { name: 'Create agent' }).click();

    const panel = page.getByRole('region', { name: 'Token for claude laptop' });
    const snippet = panel.getByRole('group', { name: 'Claude Code configuration for claude laptop' });
    await snippet.waitFor();
    const hidden = JSON.parse((await snippet.textContent()) ?? '') as ClaudeCodeConfig;
    expect(hidden.mcpServers['connected-services-claude-laptop']).toEqual({ type: 'http', url: ui.served.bridge, headers: { Authorization: 'Bearer ••••••••••••' } });
    expect(await panel.textContent()).toContain('Claude Code: the client you chose.');
    expect(await panel.getByText('~/.claude.json', { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.content()).not.toContain('cs_agent_');
    await ui.screenshot('agent-setup-hidden-1280');
    expect(await seriousAxeProblems(page)).toEqual([]);
    await fitsWidth(420);
    await ui.screenshot('agent-setup-hidden-420');
    await fitsWidth(1280);

    await panel.getByRole('button', { name: 'Reveal' }).click();
    await panel.getByRole('button', { name: 'Show token' }).click();
    const token = (await panel.getByLabel('token', { exact: true }).textContent()) ?? '';
    expect(token).toMatch(/^cs_agent_/);
    await expect.poll(async () => (await snippet.textContent()) ?? '').toContain(`Bearer ${token}`);
    const shown = JSON.parse((await snippet.textContent()) ?? '') as ClaudeCodeConfig;
    await ui.screenshot('agent-setup-revealed-1280');
    await panel.getByRole('button', { name: 'Hide' }).click();
    expect(await snippet.textContent()).not.toContain(token);

    // The copy button copies the configuration with the token, whether shown or not.
    await panel.getByRole('button', { name: 'Copy Claude Code configuration' }).click();
    await panel.getByText('Copied').first().waitFor();
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(shown);

    // As Claude Code would use the entry: its URL and header reach the bridge as this agent.
    const entry = shown.mcpServers['connected-services-claude-laptop']!;
    agent = await connectAgent(entry.url, (entry.headers['Authorization'] ?? '').replace(/^Bearer /, ''), 'claude-code');
    expect((await agent.client.listTools()).tools.length).toBeGreaterThan(0);

    await panel.getByRole('button', { name: 'I have saved it' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(token);
  });

  it('later, Show configuration to paste shows the configuration without the token and says how to get a new one', async () => {
    const { page } = ui;
    const card = page.getByRole('listitem', { name: 'claude laptop' });
    await card.getByRole('button', { name: 'Show configuration to paste for claude laptop' }).click();
    const snippet = card.getByRole('group', { name: 'Claude Code configuration for claude laptop' });
    await snippet.waitFor();
    expect(await snippet.textContent()).toContain('Bearer ${CONNECTED_SERVICES_TOKEN}');
    expect(await card.textContent()).toContain('Assumed claude-code, the client its names are made for.');
    const note = card.getByRole('note', { name: 'Token of claude laptop' });
    expect(await note.textContent()).toContain('rotate it to get a new one');
    await card.scrollIntoViewIfNeeded();
    await ui.screenshot('agent-setup-later-1280');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousAxeProblems(page), scheme).toEqual([]);
    }
    await ui.screenshot('agent-setup-later-dark-1280');
    await page.emulateMedia({ colorScheme: 'light' });
    await fitsWidth(420);
    await ui.screenshot('agent-setup-later-420');
    await fitsWidth(1280);
    expect(await page.content()).not.toContain('cs_agent_');
    expect(ui.problems).toEqual([]);
  });
});
