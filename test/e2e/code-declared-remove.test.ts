import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/servers/config';
import { eventually } from '../support/serve';
import { runScript, type LineReader } from '../support/packed-install';
import { dialog, seriousAxeProblems, useUiSession } from '../support/e2e';

// An agent and a server a running program declared in code: the person removes them from the Agents
// and Services screens (a narrowing is never refused), in light and dark.
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'code-declared-remove-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const ui = useUiSession({ env: ENV });
let program: LineReader | undefined;

afterAll(() => {
  if (program?.child.exitCode === null && program.child.signalCode === null) program.child.kill('SIGKILL');
});

const confirm = async (method: string): Promise<void> => {
  const waiting = await eventually(async () => (await ui.api<{ id: string; method: string }[]>('listConfirmations')).find((c) => c.method === method), 30_000);
  await ui.api('decideConfirmation', { id: waiting.id, decision: 'confirm' });
};

describe('Remove for what a program declared in code', () => {
  it('shows Remove on a code agent and a code server, in light and dark, and each removes it', async () => {
    program = runScript(join(ROOT, 'test', 'fixtures', 'library'), 'declare-and-wait.mjs', [ui.home, 'declare'], ENV);
    await confirm('declareServers');
    await confirm('declareAgents');
    expect(await program.next()).toMatchObject({ step: 'opened', mode: 'app' });
    const { page } = ui;

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    const card = page.getByRole('listitem', { name: 'zombie' });
    const removeAgent = card.getByRole('button', { name: 'Remove agent zombie' });
    await removeAgent.waitFor();
    expect(await card.getByRole('button', { name: 'Edit access of zombie' }).count()).toBe(0);
    await page.goto(`${page.url().split('#')[0] ?? ''}#/services/zombiesrv`);
    const removeServer = page.getByRole('button', { name: 'Remove zombiesrv' });
    await removeServer.waitFor();
    expect(await page.getByRole('button', { name: 'Edit zombiesrv' }).count()).toBe(0);

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await ui.screenshot(`code-server-remove-${scheme}`);
      const box = await removeServer.boundingBox();
      expect(box && Math.min(box.width, box.height), scheme).toBeGreaterThanOrEqual(24);
      expect(await seriousAxeProblems(page), scheme).toEqual([]);
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await removeAgent.waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await ui.screenshot(`code-agent-remove-${scheme}`);
      const box = await removeAgent.boundingBox();
      expect(box && Math.min(box.width, box.height), scheme).toBeGreaterThanOrEqual(24);
      expect(await seriousAxeProblems(page), scheme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await removeAgent.click();
    await dialog(page, 'Remove zombie').getByRole('button', { name: 'Remove agent' }).click();
    await card.waitFor({ state: 'detached' });
    expect((await ui.api<{ name: string }[]>('listAgents')).map((a) => a.name)).not.toContain('zombie');

    await page.goto(`${page.url().split('#')[0] ?? ''}#/services/zombiesrv`);
    await removeServer.click();
    await dialog(page, 'Remove zombiesrv').getByRole('button', { name: 'Remove service' }).click();
    await expect.poll(async () => (await ui.api<{ servers: { name: string }[] }>('status')).servers.map((s) => s.name)).not.toContain('zombiesrv');
    expect(ui.problems).toEqual([]);
  }, 150_000);
});
