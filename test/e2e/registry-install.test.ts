import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { dialog, useUiSession } from '../support/e2e';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

// Issue 35 item 2 in the app: a registry entry installed through its form, against a registry of our own.
let registry: FixtureRegistry;
const LONG_TITLE = 'W'.repeat(100);

afterAll(async () => {
  await registry?.close();
});

const ui = useUiSession(async () => {
  registry = await startFixtureRegistry(20);
  registry.add({
    name: 'io.example/weather-notes',
    title: 'Weather Notes',
    description: 'Forecasts into your notes',
    version: '3.1.4',
    packages: [
      {
        registryType: 'npm',
        identifier: '@example/weather-notes',
        version: '3.1.4',
        transport: { type: 'stdio' },
        packageArguments: [{ type: 'named', name: '--units', choices: ['metric', 'imperial'], default: 'metric' }],
        environmentVariables: [
          { name: 'WEATHER_API_KEY', description: 'your API key', isRequired: true, isSecret: true },
          { name: 'NOTES_DIR', description: 'where notes go', isRequired: true, format: 'filepath' },
        ],
      },
    ],
  });
  // A title of one unbroken word, as long as the registry lets it be.
  registry.add({ name: 'io.example/long-title', title: LONG_TITLE, description: 'One long word', version: '1.0.0', packages: [{ registryType: 'npm', identifier: '@example/long-title', version: '1.0.0', transport: { type: 'stdio' } }] });
  const home = tempHome('cs-e2e-registry-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
  return { home };
}, 60_000);

beforeAll(async () => {
  await ui.api('refreshRegistries', {});
  await ui.reload();
}, 60_000);

describe('installing a registry entry from the catalog', () => {
  it('a form from its inputs; the exact command (a reference for the secret) shown on the one-step sheet; nothing written before the approval', async () => {
    const { page } = ui;
    await page.getByRole('searchbox').fill('weather notes');
    // The search bar counts the registry's matches beside our own rows.
    await expect.poll(() => page.getByRole('search').getByRole('status').textContent(), { timeout: 15_000 }).toMatch(/catalog entr(y|ies), [1-9]\d* registry entr(y|ies)$/);
    const entry = page.getByRole('listitem', { name: 'Weather Notes', exact: true });
    try {
      await entry.getByRole('button', { name: 'Install Weather Notes' }).click({ timeout: 15_000 });
    } catch (error) {
      await ui.screenshot('registry-install-not-found');
      throw error;
    }
    const install = dialog(page, 'Install Weather Notes');
    await install.getByLabel('WEATHER_API_KEY').waitFor();
    // The inputs as fields: a choice with its default, a password field for the secret, required ones marked.
    expect(await install.getByLabel('units', { exact: true }).locator('option:checked').textContent()).toBe('metric');
    expect(await install.getByLabel('WEATHER_API_KEY').getAttribute('type')).toBe('password');
    expect(await install.getByRole('radio').count()).toBe(1);
    await install.getByRole('button', { name: 'Review and connect' }).click();
    await install.getByText(/required|must/i).first().waitFor();
    await ui.screenshot('registry-install-form-required');

    await install.getByLabel('Name').fill('weather');
    await install.getByLabel('WEATHER_API_KEY').fill('wk-very-secret-77');
    await install.getByLabel('NOTES_DIR').fill('/home/me/notes');
    await install.getByLabel('units', { exact: true }).selectOption({ label: 'imperial' });
    await ui.screenshot('registry-install-form');
    await install.getByRole('button', { name: 'Review and connect' }).click();

    // The one-step sheet: the exact command the core derived, approved once with the connect.
    const sheet = dialog(page, 'Connect weather');
    const line = (await sheet.getByRole('group', { name: 'What you approve' }).textContent({ timeout: 15_000 })) ?? '';
    expect(line).toContain('npx -y @example/weather-notes@3.1.4 --units imperial');
    expect(line).toContain('${secret:weather_WEATHER_API_KEY}');
    expect(line).not.toContain('wk-very-secret-77');
    await sheet.getByText('What you typed goes into the vault, for weather only: WEATHER_API_KEY.').waitFor();
    await sheet.getByRole('button', { name: 'Approve and connect' }).waitFor();
    await ui.screenshot('registry-install-approve');

    // Shown, not yet done: nothing is written until the person approves.
    const written = readFileSync(join(ui.home, 'mcp.json'), 'utf8');
    expect((JSON.parse(written) as { mcpServers: Record<string, unknown> }).mcpServers['weather']).toBeUndefined();
    expect((await ui.api<Array<{ name: string }>>('listSecrets')).map((s) => s.name)).not.toContain('weather_WEATHER_API_KEY');
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await sheet.waitFor({ state: 'detached' });
    // Nothing was added: focus is back on the Install button that opened it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toBe('Install Weather Notes');
    expect(ui.problems).toEqual([]);
  }, 120_000);

  it('an entry titled with one long word: its row keeps its copy button short, its Install dialog wraps the title and opens showing its buttons', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('searchbox').fill('long word');
    const entry = page.getByRole('listitem', { name: LONG_TITLE, exact: true });
    const copy = entry.getByRole('button', { name: `Copy command that adds ${LONG_TITLE}` });
    expect(await copy.textContent({ timeout: 15_000 })).toBe('Copy command');
    const row = (await entry.boundingBox())!;
    const button = (await copy.boundingBox())!;
    expect(button.width, 'a short button').toBeLessThan(200);
    expect(button.x + button.width, 'inside its row').toBeLessThanOrEqual(row.x + row.width);
    const badge = (await entry.getByText('registry', { exact: true }).boundingBox())!;
    expect(badge.x + badge.width <= button.x || badge.y + badge.height <= button.y || button.y + button.height <= badge.y, 'the badge not under the button').toBe(true);
    await ui.screenshot('registry-long-title-row');
    await entry.getByRole('button', { name: `Install ${LONG_TITLE}` }).click();
    const install = dialog(page, `Install ${LONG_TITLE}`);
    const review = install.getByRole('button', { name: 'Review and connect' });
    await review.waitFor();
    await ui.screenshot('registry-long-title-install');
    const sideways = await page.locator('dialog[open]').evaluate((d) => ({ left: d.scrollLeft, over: d.scrollWidth - d.clientWidth }));
    expect(sideways).toEqual({ left: 0, over: 0 });
    const box = (await page.locator('dialog[open]').boundingBox())!;
    const shown = (await review.boundingBox())!;
    expect(shown.x + shown.width, 'the button within the dialog').toBeLessThanOrEqual(box.x + box.width);
    expect(shown.x).toBeGreaterThanOrEqual(box.x);
    await install.getByRole('button', { name: 'Cancel' }).click();
    expect(ui.problems).toEqual([]);
  }, 60_000);
});
