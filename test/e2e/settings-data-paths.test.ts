import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { pathLines, useUiSession } from '../support/e2e';

// Settings → Data and Settings → Checks in a narrow window: a folder's path wraps only after a "/", so
// each folder's name reads whole ("connected-services", not "connected-" and "services" on two lines).

const ui = useUiSession(() => {
  const home = join(dirname(tempHome('cs-e2e-paths-')), 'home', 'user-name', '.config', 'connected-services', 'work-profile-name');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  return { home };
});

it('breaks the data folder and config file paths only after a "/" (800 px)', async () => {
  const { page } = ui;
  await page.setViewportSize({ width: 800, height: 900 });
  await ui.open('#/settings');
  const data = page.getByRole('region', { name: 'Data' });
  await data.getByText('Config file').waitFor();
  await data.scrollIntoViewIfNeeded();
  await ui.screenshot('settings-data-paths-800');
  const paths = await pathLines(data.locator('dd code'));
  expect(paths.map((p) => p.text)).toEqual([ui.home, join(ui.home, 'mcp.json')]);
  // The window is narrow enough that each path takes more than one line.
  for (const { text, ends } of paths) {
    expect(ends.length, text).toBeGreaterThan(0);
    for (const end of ends) expect(end, `a line of ${text} ends at`).toMatch(/\/$/);
  }
  expect(ui.problems).toEqual([]);
});

it('breaks the paths in the checks of the config file and the data folder only after a "/" (800 px)', async () => {
  const { page } = ui;
  await page.setViewportSize({ width: 800, height: 900 });
  await ui.open('#/settings');
  const checks = page.getByRole('region', { name: 'Checks' });
  const detail = (title: string) => checks.locator('li.check').filter({ has: page.getByText(title, { exact: true }) }).locator('.check-detail');
  await detail('Data directory').waitFor();
  await detail('Data directory').scrollIntoViewIfNeeded();
  await ui.screenshot('settings-check-paths-800');
  const shown = [
    { path: join(ui.home, 'mcp.json'), lines: await pathLines(detail('Config file')) },
    { path: ui.home, lines: await pathLines(detail('Data directory')) },
  ];
  expect(shown.map((s) => s.lines.map((l) => l.text))).toEqual([[join(ui.home, 'mcp.json')], [`${ui.home} (mode 700)`]]);
  for (const { path, lines } of shown) {
    // Breaks within the path; the words after it ("(mode 700)") wrap as words do.
    const inPath = lines.flatMap((l) => l.ends).filter((end) => end.length < path.length);
    expect(inPath.length, `${path} takes more than one line`).toBeGreaterThan(0);
    for (const end of inPath) expect(end, `a line of ${path} ends at`).toMatch(/\/$/);
  }
  expect(ui.problems).toEqual([]);
});
