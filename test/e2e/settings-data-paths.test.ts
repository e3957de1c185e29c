import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { useUiSession } from '../support/e2e';

// Settings → Data in a narrow window: a folder's path wraps only after a "/", so each folder's name
// reads whole ("connected-services", not "connected-" and "services" on two lines).

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
  // Where each line of a path begins: the character before it, and the path's text as shown.
  const paths = await data.locator('dd code').evaluateAll((codes) =>
    codes.map((code) => {
      const text = code.textContent ?? '';
      const range = document.createRange();
      const ends: string[] = [];
      let top: number | undefined;
      let at = 0;
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i += 1, at += 1) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const line = Math.round(range.getBoundingClientRect().top);
          if (top !== undefined && line > top) ends.push(text.slice(0, at));
          top = line;
        }
      }
      return { text, ends };
    }),
  );
  expect(paths.map((p) => p.text)).toEqual([ui.home, join(ui.home, 'mcp.json')]);
  // The window is narrow enough that each path takes more than one line.
  for (const { text, ends } of paths) {
    expect(ends.length, text).toBeGreaterThan(0);
    for (const end of ends) expect(end, `a line of ${text} ends at`).toMatch(/\/$/);
  }
  expect(ui.problems).toEqual([]);
});
