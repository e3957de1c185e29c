import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialog, seriousAxeProblems, serverRow, startUiSession, waitForState, type UiSession } from '../support/e2e';

let ui: UiSession;

const SCREENS: Array<[name: string, hash: string]> = [
  ['catalog', '#/'],
  ['service-overview', '#/services/everything'],
  ['tool-browser', '#/services/everything/tools/echo'],
  ['service-resources', '#/services/everything/resources'],
  ['service-prompts', '#/services/everything/prompts'],
  ['service-logs', '#/services/everything/logs'],
  ['device-login', '#/login/everything'],
  ['agents', '#/agents'],
  ['activity', '#/activity'],
  ['settings', '#/settings'],
];

beforeAll(async () => {
  ui = await startUiSession();
  // Every badge tone and the next steps: an unapproved command, one that cannot start, one not signed in.
  await ui.api('addServer', { name: 'waiting', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } });
  await ui.api('addServer', { name: 'broken', config: { command: 'definitely-not-a-command-cs-e2e' } });
  await ui.api('approveServer', { name: 'broken' });
  await ui.api('connect', { name: 'broken' }).catch(() => undefined);
  await ui.api('addServer', { name: 'remote', config: { type: 'http', url: 'http://127.0.0.1:9/mcp', auth: { type: 'oauth' } } });
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
  await waitForState(serverRow(ui.page, 'broken'), 'error');
}, 45_000);

afterAll(async () => {
  await ui?.close();
});

describe('axe-core on every screen', () => {
  it('finds no serious or critical violation at 1280 and 420 px, light and dark, nor in a dialog', async () => {
    const { page } = ui;
    const found: string[] = [];
    const check = async (where: string) => {
      for (const p of await seriousAxeProblems(page)) found.push(`${where}: ${p.rule} (${p.impact}) ${p.help} at ${p.targets.join(' | ')}`);
    };
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 420]) {
        await page.setViewportSize({ width, height: 860 });
        for (const [name, hash] of SCREENS) {
          await ui.open(hash);
          await ui.idle();
          await check(`${scheme} ${width} ${name}`);
        }
        await ui.open('#/');
        await page.getByRole('button', { name: 'Add custom service' }).click();
        await check(`${scheme} ${width} custom-service dialog`);
        await dialog(page, 'Add a custom service').getByRole('button', { name: 'Cancel' }).click();
      }
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    expect(found).toEqual([]);
  }, 240_000);

  it('would report a serious violation (the check can fail)', async () => {
    const { page } = ui;
    await ui.open('#/settings');
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'axe-probe';
      probe.innerHTML = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
      document.querySelector('main')?.append(probe);
    });
    try {
      expect((await seriousAxeProblems(page)).map((p) => p.rule)).toContain('image-alt');
    } finally {
      await page.evaluate(() => document.getElementById('axe-probe')?.remove());
    }
  });
});
