import { beforeAll, describe, expect, it } from 'vitest';
import { catalogRow, seriousAxeProblems, serverRow, useUiSession, waitForState } from '../support/e2e';

const ui = useUiSession();

beforeAll(async () => {
  await ui.api('addServer', { name: 'my-remote', config: { type: 'http', url: 'http://127.0.0.1:9/mcp' } });
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
}, 45_000);

const markOf = async (row: ReturnType<typeof catalogRow>) => row.locator('.service-icon').getAttribute('data-mark');

describe('service marks, the app mark and the favicon', () => {
  it('draws brand marks where one exists and a generic mark otherwise, never letters', async () => {
    const { page } = ui;
    expect(await markOf(catalogRow(page, 'GitHub'))).toBe('GitHub');
    expect(await markOf(catalogRow(page, 'Git (reference)'))).toBe('Git');
    // Each Google product its own mark, not one shared 'G'.
    expect(await markOf(catalogRow(page, 'Gmail (local)'))).toBe('Gmail');
    expect(await markOf(catalogRow(page, 'Google Calendar (local)'))).toBe('Google Calendar');
    expect(await markOf(catalogRow(page, 'Google Drive (reference)'))).toBe('Google Drive');
    expect(await markOf(serverRow(page, 'my-remote'))).toBe('a remote service');
    // Every mark is a drawing: no row's icon holds text (the two-letter monograms collided).
    const texts = await page.locator('.service-icon').evaluateAll((icons) => icons.map((i) => i.textContent ?? ''));
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((t) => t.trim() !== '')).toEqual([]);
    expect(await page.locator('.service-icon svg').count()).toBe(texts.length);
    // The brand glyphs keep their own colour on a light tile, in the dark theme too.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 420]) {
        await page.setViewportSize({ width, height: 900 });
        await catalogRow(page, 'GitHub').scrollIntoViewIfNeeded();
        await ui.screenshot(`marks-${scheme}-${width}`);
        expect(await seriousAxeProblems(page)).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows the app mark beside its name and has an SVG favicon of it', async () => {
    const { page } = ui;
    expect(await page.locator('header .brand svg.app-mark').count()).toBe(1);
    const href = (await page.locator('link[rel="icon"]').getAttribute('href')) ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(href.slice('data:image/svg+xml,'.length));
    expect(svg).toContain('fill=\'#0f766e\'');
    // The browser draws it: loaded as an image, it has the size of its view box.
    const drawn = await page.evaluate(
      (src) =>
        new Promise<number>((resolve) => {
          const img = new Image();
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => resolve(0);
          img.src = src;
        }),
      href,
    );
    expect(drawn).toBeGreaterThan(0);
    expect(ui.problems).toEqual([]);
  });
});
