import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { controlBoxes, layoutProblems, SCREENS_DIR, useUiSession } from '../support/e2e';

// Settings → "Keeping web services connected" against the real core: the times typed in seconds
// reach mcp.json in ms, and a value out of the settings file's bounds is refused on the screen.
const PANEL = 'Keeping web services connected';
const SAVE = 'Save connection settings';

const ui = useUiSession();

function settingsInFile(): Record<string, unknown> | undefined {
  return (JSON.parse(readFileSync(join(ui.home, 'mcp.json'), 'utf8')) as { settings?: Record<string, unknown> }).settings;
}

async function openPanel() {
  await ui.page.setViewportSize({ width: 1280, height: 800 });
  await ui.open('#/settings');
  const panel = ui.page.getByRole('region', { name: PANEL });
  await panel.getByRole('button', { name: SAVE }).waitFor();
  return panel;
}

describe('Settings → Keeping web services connected, against the real core', () => {
  it('refuses a value out of bounds with its range, and writes nothing', async () => {
    const panel = await openPanel();
    await panel.getByRole('textbox', { name: 'New connections a minute, at most' }).fill('61');
    await panel.getByRole('button', { name: SAVE }).click();
    await panel.getByText('Enter a whole number: 1 to 60, or leave it empty for the default.').waitFor();
    await ui.idle();
    expect(settingsInFile()?.['sessionRenewalsPerMinute']).toBeUndefined();
  });

  it('saves the times in ms and the count as typed, read back as the core has them', async () => {
    const panel = await openPanel();
    await panel.getByRole('textbox', { name: 'Check a quiet connection every' }).fill('30');
    await panel.getByRole('textbox', { name: "Wait for the check's answer" }).fill('2.5');
    await panel.getByRole('textbox', { name: 'New connections a minute, at most' }).fill('3');
    await panel.getByRole('button', { name: SAVE }).click();
    await panel.getByRole('status').getByText('Saved.', { exact: false }).waitFor();
    const saved = { sessionCheckMs: 30_000, sessionCheckTimeoutMs: 2_500, sessionRenewalsPerMinute: 3 };
    expect(settingsInFile()).toMatchObject(saved);
    expect(await ui.api('sessionSettings')).toEqual(saved);
  });

  for (const width of [1280, 420]) {
    it(`lays the panel out without overlap or overflow, a refusal shown (${width} px)`, async () => {
      const { page } = ui;
      const panel = await openPanel();
      await page.setViewportSize({ width, height: 800 });
      await panel.getByRole('textbox', { name: 'Check a quiet connection every' }).fill('0.5');
      await panel.getByRole('button', { name: SAVE }).click();
      await panel.getByText(/^Enter a number of seconds: 0 \(never\)/).waitFor();
      expect(layoutProblems(await controlBoxes(panel), width)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: join(SCREENS_DIR, `settings-sessions-${width}-panel.png`) });
    });
  }

  it('had no console errors', () => {
    expect(ui.problems).toEqual([]);
  });
});
