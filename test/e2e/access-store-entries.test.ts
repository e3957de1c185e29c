import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EVERYTHING } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { dialog, seriousAxeProblems, useUiSession } from '../support/e2e';
import { makePassStore, type PassFixture } from '../support/pass-store';

// Issue 34, item 3: the Access page lists the secret-store entries servers name (docs/vault.md, "On
// the Access page"), with the real pass behind them: uses, Test, Reveal after a confirmation, Replace.
const VALUE = 'pass-e2e-value-6a41c9';
const NEW_VALUE = 'pass-e2e-new-value-0f83d2';

let store: PassFixture;

afterAll(() => {
  store?.close();
});

const ui = useUiSession(() => {
  store = makePassStore();
  store.insert('work/github-token', VALUE);
  const home = tempHome('cs-e2e-access-stores-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const github = { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { GITHUB_TOKEN: '${secret:pass:work/github-token}', NOTES_KEY: '${secret:pass:notes/api-key}' } };
  const notes = { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer ${secret:pass:notes/api-key}' } };
  writeFileSync(join(home, 'mcp.json'), `${JSON.stringify({ mcpServers: { github, notes } }, null, 2)}\n`);
  return { home, env: store.env };
}, 90_000);

describe('secret-store entries on the Access page', () => {
  it('shows each entry with its store and uses, tests it, reveals it after a confirmation, and replaces one in pass after asking', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Access' }).click();
    const token = page.getByRole('listitem', { name: 'pass:work/github-token' });
    await token.waitFor();
    expect(await token.textContent()).toContain('github: env.GITHUB_TOKEN');
    expect(await token.textContent()).toContain('${secret:pass:work/github-token}');
    const notes = page.getByRole('listitem', { name: 'pass:notes/api-key' });
    expect(await notes.textContent()).toContain('github: env.NOTES_KEY; notes: headers.Authorization');
    expect(await page.content()).not.toContain(VALUE);

    await token.getByRole('button', { name: 'Test pass:work/github-token' }).click();
    await token.getByText('resolves', { exact: true }).waitFor();
    expect(await token.getByRole('status').last().textContent()).toContain('resolved');
    expect(await token.textContent()).toMatch(/resolved (just now|\d+ s ago) \(a test\)/);
    await notes.getByRole('button', { name: 'Test pass:notes/api-key' }).click();
    await notes.getByText('does not resolve', { exact: true }).waitFor();
    expect(await notes.textContent()).toContain('holds no entry at "notes/api-key"');
    expect(await page.content()).not.toContain(VALUE);

    await token.getByRole('button', { name: 'Reveal' }).click();
    await token.getByRole('button', { name: 'Show value of pass:work/github-token' }).click();
    expect(await token.getByLabel('value of pass:work/github-token', { exact: true }).textContent()).toBe(VALUE);
    await token.getByRole('button', { name: 'Hide' }).click();
    expect(await page.content()).not.toContain(VALUE);
    const log = await ui.api<{ method: string; summary: string }[]>('readAdminLog', {});
    expect(log.find((e) => e.method === 'revealStoreReference')?.summary).toBe('show the value of "work/github-token" in the secret store "pass"');

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 420]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await seriousAxeProblems(page), `${scheme} ${width}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await ui.screenshot(`access-stores-${width}-${scheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });

    await notes.getByRole('button', { name: 'Replace pass:notes/api-key' }).click();
    await notes.getByLabel('New value for pass:notes/api-key').fill(NEW_VALUE);
    await notes.getByRole('button', { name: 'Save new value' }).click();
    const confirm = dialog(page, 'Write into pass');
    expect(await confirm.textContent()).toContain('in your pass store itself');
    expect(await seriousAxeProblems(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Write into pass', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    const replaced = page.getByRole('listitem', { name: 'pass:notes/api-key' });
    await replaced.getByRole('button', { name: 'Test pass:notes/api-key' }).click();
    await replaced.getByText('resolves', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(NEW_VALUE);
    expect(ui.problems).toEqual([]);
  });
});
