import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { controlBoxes, layoutProblems, SCREENS_DIR, useUiSession } from '../support/e2e';

// Settings → "Web UI sign-in" against the real core: minutes typed reach mcp.json in ms, a signed-in
// session takes the new limit at its next check, and a value out of bounds is refused on the screen.
const PANEL = 'Web UI sign-in';
const SAVE = 'Save web UI settings';
const FIELD = 'Sign a tab out after it is unused for';

const ui = useUiSession();

const idleInFile = (): unknown => (JSON.parse(readFileSync(join(ui.home, 'mcp.json'), 'utf8')) as { settings?: Record<string, unknown> }).settings?.['uiSessionIdleMs'];

async function openPanel(width = 1280) {
  await ui.page.setViewportSize({ width, height: 800 });
  await ui.open('#/settings');
  const panel = ui.page.getByRole('region', { name: PANEL });
  await panel.getByRole('button', { name: SAVE }).waitFor();
  return panel;
}

describe('Settings → Web UI sign-in, against the real core', () => {
  it('refuses a limit out of bounds with its range and writes nothing; saves one within them, which this tab then keeps', async () => {
    const panel = await openPanel();
    await panel.getByRole('textbox', { name: FIELD }).fill('2');
    await panel.getByRole('button', { name: SAVE }).click();
    await panel.getByText('Enter a number of minutes: 5 to 1440 (a day), or leave it empty for the default.').waitFor();
    expect(idleInFile()).toBeUndefined();
    await panel.getByRole('textbox', { name: FIELD }).fill('90');
    await panel.getByRole('button', { name: SAVE }).click();
    await panel.getByRole('status').getByText('Saved.', { exact: false }).waitFor();
    expect(idleInFile()).toBe(5_400_000);
    expect(await ui.api('webUiSettings')).toEqual({ uiSessionIdleMs: 5_400_000 });
    // A signed-in session is now kept for the new limit.
    expect(await ui.api('still-here')).toEqual({ stillHere: true, idleMs: 5_400_000 });
  });

  for (const width of [1280, 420]) {
    it(`lays the panel out without overlap or overflow, a refusal shown (${width} px)`, async () => {
      const panel = await openPanel(width);
      await panel.getByRole('textbox', { name: FIELD }).fill('half an hour');
      await panel.getByRole('button', { name: SAVE }).click();
      await panel.getByText(/^Enter a number of minutes/).waitFor();
      expect(layoutProblems(await controlBoxes(panel), width)).toEqual([]);
      expect(await ui.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: join(SCREENS_DIR, `settings-web-ui-${width}-panel.png`) });
    });
  }
});
