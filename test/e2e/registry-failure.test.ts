import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { seriousAxeProblems, useUiSession } from '../support/e2e';

// A new user offline: the catalog says the registry could not be reached, readable in either scheme
// (the note's colour named a variable no theme defines, so dark mode drew it brown on near-black).
const ui = useUiSession(() => {
  const home = tempHome('cs-e2e-registry-failure-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  // Port 9 (discard) on loopback: nothing answers, as for a machine that cannot reach the registry.
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: ['http://127.0.0.1:9/'] } }));
  return { home };
}, 60_000);

beforeAll(async () => {
  await ui.api('refreshRegistries', {}).catch(() => undefined);
  await ui.reload();
}, 60_000);

describe('the registry could not be reached', () => {
  it('says so in a colour that meets contrast, light and dark, at 1280 and 420 px', async () => {
    const { page } = ui;
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 420]) {
        const where = `${scheme} ${width}`;
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 860 });
        const failure = page.locator('.registry-failure');
        await failure.waitFor({ timeout: 20_000 });
        expect(await failure.textContent(), where).toContain('the last refresh failed');
        await ui.screenshot(`registry-failure-${scheme}-${width}`);
        expect(await seriousAxeProblems(page), where).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 860 });
    expect(ui.problems).toEqual([]);
  }, 120_000);
});
