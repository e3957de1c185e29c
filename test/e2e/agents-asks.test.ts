import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { checkAccessibleNames, contrastReport, controlBoxes, focusedName, layoutProblems, useUiSession, tabTo } from '../support/e2e';

// Issue 14: an agent's settings for services that ask back (elicitation, sampling), changed on the
// Agents screen by keyboard alone and stored in agents.json (read back through the App API and the CLI).

interface ListedAgent {
  name: string;
  asks?: { elicitation: string; sampling: string };
}

const ui = useUiSession();

beforeAll(async () => {
  await ui.api('addAgent', { name: 'asks agent', servers: '*' });
}, 45_000);

describe("an agent's settings for services that ask back", () => {
  it('shows the defaults on the card, and refuses sampling once the person chooses Refuse', async () => {
    const { page } = ui;
    await ui.open('#/agents');
    const card = page.getByRole('listitem', { name: 'asks agent' });
    await card.getByText('to the agent when its client can, else to you').waitFor();
    expect(await card.getByText('you approve each one').count()).toBe(1);

    const change = card.getByRole('button', { name: 'Change when services ask, for asks agent' });
    await tabTo(page, change);
    await page.keyboard.press('Enter');
    const form = card.getByRole('form', { name: 'When services ask, for asks agent' });
    await form.waitFor();
    const completion = form.getByRole('group', { name: "When a service asks for a completion from the agent's model" });
    expect(await completion.getByRole('radio', { name: /^Ask me each time/ }).isChecked()).toBe(true);
    // A radio group is one Tab stop; the arrow keys choose inside it.
    await tabTo(page, completion.getByRole('radio', { name: /^Ask me each time/ }));
    await page.keyboard.press('ArrowDown');
    expect(await completion.getByRole('radio', { name: 'Refuse' }).isChecked()).toBe(true);

    for (const width of [800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(layoutProblems(await controlBoxes(card), width)).toEqual([]);
      await ui.screenshot(`agents-asks-form-${width}`);
    }
    expect(await checkAccessibleNames(page)).toEqual([]);
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const pairs = await contrastReport(page, ['.asks-group legend', '.asks-choice span', '.agent .facts dt', '.agent .facts dd']);
      expect(pairs).toHaveLength(4);
      expect(pairs.filter((pair) => pair.ratio < 4.5), scheme).toEqual([]);
      await ui.screenshot(`agents-asks-form-${scheme}`);
    }

    await tabTo(page, form.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await card.getByText('refused', { exact: true }).waitFor();
    await form.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('Change when services ask, for asks agent');
    expect(await card.getByText('to the agent when its client can, else to you').count()).toBe(1);
    await ui.screenshot('agents-asks-saved');

    const listed = await ui.api<ListedAgent[]>('listAgents');
    expect(listed.find((a) => a.name === 'asks agent')?.asks).toEqual({ elicitation: 'allow', sampling: 'deny', roots: 'allow' });
    // Another process reads the same agents.json: the setting is stored, not only held by `serve`.
    const cli = await runCli(ui.home, ['agents', 'list', '--json']);
    expect(cli.code, cli.stderr).toBe(0);
    const fromDisk = JSON.parse(cli.stdout) as ListedAgent[];
    expect(fromDisk.find((a) => a.name === 'asks agent')?.asks).toEqual({ elicitation: 'allow', sampling: 'deny', roots: 'allow' });
    expect(ui.problems).toEqual([]);
  });
});
