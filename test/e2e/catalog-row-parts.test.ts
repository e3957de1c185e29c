import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { tempHome } from '../support/cli';
import { catalogRow, SCREENS_DIR, useUiSession } from '../support/e2e';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

// A catalog entry already added (its Open and Add again), and a registry entry whose id is longer
// than its column, at a laptop's width and a half-screen window's, light and dark.
const LONG_ID = 'io.github.aratherlongorganisationname/anmcpserverwhosenamegoesonandon';
let registry: FixtureRegistry;

afterAll(async () => {
  await registry?.close();
});

const ui = useUiSession(async () => {
  registry = await startFixtureRegistry(5);
  registry.add({ name: LONG_ID, title: 'Long id', description: 'An entry with a long id', version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'https://long.example/mcp' }] });
  const home = tempHome('cs-e2e-catalog-rows-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  // The catalog's Everything entry, configured (not approved, so not started): its row offers Open and Add again.
  const everything = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything', 'stdio'] };
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { everything }, settings: { registries: [registry.url] } }));
  return { home };
}, 60_000);

beforeAll(async () => {
  await ui.api('refreshRegistries', {});
  await ui.reload();
}, 60_000);

/** What makes a control read as a button: its border and background as drawn. */
function looks(control: Locator): Promise<{ border: string; background: string; borderWidth: string; decoration: string }> {
  return control.evaluate((e) => {
    const style = getComputedStyle(e);
    return { border: style.borderTopColor, background: style.backgroundColor, borderWidth: style.borderTopWidth, decoration: style.textDecorationLine };
  });
}

async function overlap(a: Locator, b: Locator): Promise<number> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return Math.max(0, Math.min(x.x + x.width, y.x + y.width) - Math.max(x.x, y.x)) * Math.max(0, Math.min(x.y + x.height, y.y + y.height) - Math.max(x.y, y.y));
}

describe("a catalog entry's Add again", () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 900]) {
      it(`is drawn as the bordered button Open beside it is, not as a link (${scheme}, ${width} px)`, async () => {
        const { page } = ui;
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 800 });
        const row = catalogRow(page, 'Everything (reference)');
        const again = row.getByRole('button', { name: 'Add again, Everything (reference)' });
        const open = row.getByRole('link', { name: 'Open everything' });
        await again.waitFor({ timeout: 15_000 });
        await row.scrollIntoViewIfNeeded();
        await row.screenshot({ path: join(SCREENS_DIR, `catalog-add-again-${scheme}-${width}.png`) });
        const [mine, its] = [await looks(again), await looks(open)];
        expect(mine).toEqual(its);
        expect(mine.border, 'a border that shows').not.toBe('rgba(0, 0, 0, 0)');
        expect(mine.borderWidth).toBe('1px');
        const a = (await again.boundingBox())!;
        const o = (await open.boundingBox())!;
        expect(a.height, 'as tall as Open').toBeCloseTo(o.height, 0);
      });
    }
  }
});

describe("a registry entry's long id", () => {
  it('wraps inside its column instead of running over the registry badge, the whole id in its title and text', async () => {
    const { page } = ui;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('searchbox').fill('long id');
    const row = page.getByRole('listitem', { name: 'Long id', exact: true });
    await row.getByText(LONG_ID).waitFor({ timeout: 15_000 });
    await row.scrollIntoViewIfNeeded();
    await row.screenshot({ path: join(SCREENS_DIR, 'catalog-registry-long-id.png') });
    const cell = row.getByTitle(/^Registry id/);
    expect(await cell.getAttribute('title')).toBe(`Registry id ${LONG_ID}, version 1.0.0`);
    expect(await cell.locator('code').textContent()).toBe(LONG_ID);
    // Cut after its publisher, never before it; the version still shown under it.
    const version = cell.getByText('1.0.0', { exact: true });
    expect(await version.isVisible()).toBe(true);
    const [versionBox, cellBox] = [(await version.boundingBox())!, (await cell.boundingBox())!];
    expect(versionBox.y + versionBox.height, 'the version inside its cell').toBeLessThanOrEqual(cellBox.y + cellBox.height + 0.5);
    expect(await cell.locator('code').evaluate((e) => e.getClientRects()[0]!.height / parseFloat(getComputedStyle(e).lineHeight))).toBeGreaterThanOrEqual(3);
    const badge = row.getByText('registry', { exact: true });
    // The id's drawn text, not only its box: an unbroken id ran past the box into the badge.
    const drawn = await cell.evaluate((e) => {
      const range = document.createRange();
      range.selectNodeContents(e);
      return [...range.getClientRects()].reduce((right, r) => Math.max(right, r.right), 0);
    });
    const badgeBox = (await badge.boundingBox())!;
    expect(drawn, 'the id ends before the badge').toBeLessThanOrEqual(badgeBox.x);
    expect(await overlap(cell, badge)).toBe(0);
    expect(await cell.evaluate((e) => e.scrollWidth <= e.clientWidth), 'nothing cut sideways').toBe(true);
    expect(ui.problems).toEqual([]);
  });
});
