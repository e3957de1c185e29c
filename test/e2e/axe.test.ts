import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialog, seriousAxeProblems, serverRow, useUiSession, waitForState } from '../support/e2e';

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
  ['access', '#/access'],
];

/** Each colour scheme at each width, as a person may see the app. */
const VIEWS = (['light', 'dark'] as const).flatMap((scheme) => [1280, 420].map((width) => ({ scheme, width })));

async function problemsIn(page: Page, where: string, found: string[]): Promise<void> {
  for (const p of await seriousAxeProblems(page)) found.push(`${where}: ${p.rule} (${p.impact}) ${p.help} at ${p.targets.join(' | ')}`);
}

const ui = useUiSession(() => {
  // A home of its own with a client installed (Cursor), so the connect-client sheet lists one found.
  const user = mkdtempSync(join(tmpdir(), 'cs-e2e-axe-user-'));
  mkdirSync(join(user, '.cursor'));
  writeFileSync(join(user, '.cursor', 'mcp.json'), '{ "mcpServers": {} }\n', { mode: 0o600 });
  return { env: { HOME: user, XDG_CONFIG_HOME: '' } };
});

beforeAll(async () => {
  // Every badge tone and the next steps: an unapproved command, one that cannot start, one not signed in.
  await ui.api('addServer', { name: 'waiting', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } });
  await ui.api('addServer', { name: 'broken', config: { command: 'definitely-not-a-command-cs-e2e' } });
  await ui.api('approveServer', { name: 'broken' });
  await ui.api('connect', { name: 'broken' }).catch(() => undefined);
  await ui.api('addServer', { name: 'remote', config: { type: 'http', url: 'http://127.0.0.1:9/mcp', auth: { type: 'oauth' } } });
  // A service whose API key is not stored yet (Enter API key), a secret and an agent for the Access page.
  await ui.api('addServer', { name: 'keyed', config: { type: 'http', url: 'http://127.0.0.1:9/mcp', auth: { type: 'api_key', key: '${secret:KEYED_API_KEY}' } } });
  await ui.api('approveServer', { name: 'keyed' });
  await ui.api('setSecret', { name: 'WEATHER_API_KEY', value: 'wx-e2e-axe-secret-value' });
  await ui.api('addAgent', { name: 'laptop', servers: '*' });
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
  await waitForState(serverRow(ui.page, 'broken'), 'error');
}, 45_000);

describe('axe-core on every screen', () => {
  it('finds no serious or critical violation on any screen at 1280 and 420 px, light and dark', async () => {
    const { page } = ui;
    const found: string[] = [];
    const check = (where: string) => problemsIn(page, where, found);
    for (const { scheme, width } of VIEWS) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 860 });
      for (const [name, hash] of SCREENS) {
        await ui.open(hash);
        await ui.idle();
        await check(`${scheme} ${width} ${name}`);
        if (name === 'agents' || name === 'access') await ui.screenshot(`axe-${name}-${scheme}-${width}`);
        // A fact's badge reads whole at 420 px too (an agent's policy, the vault's safety), not "read-only: al…".
        const clipped = await page.locator('main .facts .badge').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
        if (clipped.length > 0) found.push(`${scheme} ${width} ${name}: clipped badges ${clipped.join(', ')}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    expect(found).toEqual([]);
  }, 240_000);

  it('finds none in the dialogs and sheets either: custom service, connect a client, API key', async () => {
    const { page } = ui;
    const found: string[] = [];
    for (const { scheme, width } of VIEWS) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 860 });
      const where = `${scheme} ${width}`;
      await ui.open('#/');
      await page.getByRole('button', { name: 'Add custom service' }).click();
      await problemsIn(page, `${where} custom-service dialog`, found);
      await dialog(page, 'Add a custom service').getByRole('button', { name: 'Cancel' }).click();

      await serverRow(page, 'keyed').getByRole('button', { name: 'Enter API key for keyed' }).click();
      const key = dialog(page, 'API key for keyed');
      await key.getByLabel('API key', { exact: true }).fill('typed-but-not-stored');
      await problemsIn(page, `${where} api-key dialog`, found);
      await ui.screenshot(`axe-api-key-${scheme}-${width}`);
      await key.getByRole('button', { name: 'Cancel' }).click();
      await key.waitFor({ state: 'detached' });

      await ui.open('#/agents');
      await page.getByRole('button', { name: 'Connect laptop to an installed client' }).click();
      const sheet = dialog(page, 'Connect laptop to an installed client');
      await sheet.getByRole('listitem').filter({ hasText: 'Cursor' }).first().getByText('found:').waitFor();
      await problemsIn(page, `${where} connect-client sheet`, found);
      await ui.screenshot(`axe-connect-client-${scheme}-${width}`);
      await sheet.getByRole('button', { name: 'Connect laptop to Cursor' }).click();
      await sheet.getByLabel('Changes to the file').waitFor();
      await problemsIn(page, `${where} connect-client diff`, found);
      await ui.screenshot(`axe-connect-client-diff-${scheme}-${width}`);
      await sheet.getByRole('button', { name: 'Close “Connect laptop to an installed client”' }).click();
      await sheet.waitFor({ state: 'detached' });
    }
    await page.emulateMedia({ colorScheme: 'light' });
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
