import { beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibleNames, contrastReport, dialog, focusRingOf, serverRow, unnamedGroups, useUiSession, waitForState } from '../support/e2e';

const SCREENS: Array<[name: string, hash: string]> = [
  ['catalog', '#/'],
  ['service-overview', '#/services/everything'],
  ['tool-browser', '#/services/everything/tools/echo'],
  ['service-resources', '#/services/everything/resources'],
  ['service-prompts', '#/services/everything/prompts'],
  ['device-login', '#/login/everything'],
  ['agents', '#/agents'],
  ['activity', '#/activity'],
  ['settings', '#/settings'],
  ['access', '#/access'],
];

/** Text that must read at 4.5:1 (WCAG AA, normal size) wherever it appears. */
const TEXT_SELECTORS = [
  'main h1',
  'main .lead',
  '.row-name a',
  '.row-sub',
  '.row-cell',
  '.toolbar-summary',
  '.badge-ok',
  '.badge-warn',
  '.badge-error',
  '.badge-muted',
  '.badge-info',
  '.button.primary',
  '.button.small:not(.primary):not(.danger):not(.quiet)',
  '.button.danger',
  '.app-header nav a[aria-current="page"]',
  '.app-header nav a:not([aria-current])',
  '.brand',
];

const ui = useUiSession();

beforeAll(async () => {
  // Every badge tone on one screen: an unapproved command (warn) and a command that cannot start (error).
  await ui.api('addServer', { name: 'waiting', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } });
  await ui.api('addServer', { name: 'broken', config: { command: 'definitely-not-a-command-cs-e2e' } });
  await ui.api('approveServer', { name: 'broken' });
  await ui.api('connect', { name: 'broken' }).catch(() => undefined);
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
  await waitForState(serverRow(ui.page, 'broken'), 'error');
  await waitForState(serverRow(ui.page, 'waiting'), 'pending_approval');
}, 45_000);

describe('accessibility in Chromium', () => {
  it('gives every control on every screen and dialog an accessible name', async () => {
    const { page } = ui;
    const unnamed: string[] = [];
    for (const [name, hash] of SCREENS) {
      await ui.open(hash);
      await ui.idle();
      unnamed.push(...(await checkAccessibleNames(page)).map((u) => `${name}: ${u}`));
      // The gate that disables controls while the core is away is no group to announce.
      unnamed.push(...(await unnamedGroups(page)).filter((u) => u.includes('connection-gate')).map((u) => `${name}: ${u}`));
    }
    // A radio group named by its field's title (the agent form's access, names and tool mode).
    await ui.open('#/agents');
    await page.getByRole('button', { name: 'Create agent' }).click();
    const create = dialog(page, 'Create an agent');
    await create.getByRole('radiogroup').first().waitFor();
    unnamed.push(...(await checkAccessibleNames(page)).map((u) => `agent dialog: ${u}`));
    await create.getByRole('button', { name: 'Cancel' }).click();
    await ui.open('#/');
    await page.getByRole('button', { name: 'Add custom service' }).click();
    await page.getByLabel('A remote service at a URL (Streamable HTTP)').check();
    unnamed.push(...(await checkAccessibleNames(page)).map((u) => `custom dialog: ${u}`));
    await dialog(page, 'Add a custom service').getByRole('button', { name: 'Cancel' }).click();
    // Choosing the URL fields was an edit: Cancel asks first.
    await dialog(page, 'Add a custom service').getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('button', { name: 'Add Filesystem (reference)' }).click();
    unnamed.push(...(await checkAccessibleNames(page)).map((u) => `add dialog: ${u}`));
    await dialog(page, 'Add Filesystem (reference)').getByRole('button', { name: 'Cancel' }).click();
    expect(unnamed).toEqual([]);
  });

  it('shows a visible focus ring with enough contrast on every control reached by Tab', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await ui.page.emulateMedia({ colorScheme: scheme });
      await ui.open('#/');
      const rings = await focusRingOf(ui.page, 16);
      expect(rings.length).toBeGreaterThan(10);
      for (const ring of rings) {
        expect(ring.outlineStyle, ring.element).not.toBe('none');
        expect(ring.outlineWidth, ring.element).toBeGreaterThanOrEqual(2);
        expect(ring.ringContrast, `${scheme} ${ring.element}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('meets WCAG AA text contrast in light and dark, and screenshots every screen in both', async () => {
    const failures: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await ui.page.emulateMedia({ colorScheme: scheme });
      const seen = new Set<string>();
      for (const [name, hash] of SCREENS) {
        await ui.open(hash);
        await ui.idle();
        const report = await contrastReport(ui.page, [...TEXT_SELECTORS, 'main p', 'main td', 'main dt', 'main dd', '.check-detail', '.note-warn', '.note-error']);
        for (const pair of report) {
          seen.add(pair.selector);
          if (pair.ratio < 4.5) failures.push(`${scheme} ${name} ${pair.selector} "${pair.text}": ${pair.foreground} on ${pair.background} = ${pair.ratio}`);
        }
        await ui.screenshot(`${scheme}-${name}`);
      }
      // The check must have looked at every badge tone and button kind, not silently skipped them.
      for (const selector of TEXT_SELECTORS) expect(seen, `${scheme}: ${selector} was never on screen`).toContain(selector);
    }
    expect(failures).toEqual([]);
    expect(ui.problems).toEqual([]);
  });

  it('would catch an unnamed control and low-contrast text (the checks can fail)', async () => {
    const { page } = ui;
    await page.emulateMedia({ colorScheme: 'light' });
    await ui.open('#/settings');
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'a11y-probe';
      probe.innerHTML = '<button type="button"></button><div role="radiogroup"><label><input type="radio" name="probe">One</label></div><p class="probe-text" style="color:#aaaaaa;background:#ffffff">faint</p>';
      document.querySelector('main')?.append(probe);
    });
    try {
      const unnamed = await checkAccessibleNames(page);
      expect(unnamed.some((u) => u.startsWith('button: <button type="button"></button>'))).toBe(true);
      expect(unnamed.some((u) => u.startsWith('radiogroup: <div role="radiogroup">'))).toBe(true);
      const [faint] = await contrastReport(page, ['.probe-text']);
      expect(faint?.ratio).toBeLessThan(4.5);
    } finally {
      await page.evaluate(() => document.getElementById('a11y-probe')?.remove());
    }
  });
});
