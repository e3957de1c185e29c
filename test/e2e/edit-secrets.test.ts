import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { controlBoxes, dialog, focusedName, overlaps, useUiSession } from '../support/e2e';

// An mcp.json written by hand, with secrets in clear: the edit screen hides them until the person
// confirms, shows references as written, and saves what the file held (the mask is never written).
const TOKEN = 'ghp_Secret0123456789abcdefABCDEF';
const KEY = 'sk-live-0123456789abcdefABCDEF';
const QUERY_KEY = 'AAAAbbbbCCCCddddEEEE1234';
const PATH_TOKEN = 'Xq7Lm2Np9Rt4Vw8Zb3Kd6Hf1Jg5s';
const BEARER = 'abcdEFGH1234ijklMNOP5678';

const ui = useUiSession(() => {
  const home = tempHome('cs-e2e-edit-secrets-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const local = { command: 'definitely-not-a-command-cs-e2e', args: ['--api-key', KEY, '--token', '${secret:OTHER}'], env: { API_TOKEN: TOKEN, LOG_LEVEL: 'debug' } };
  const remote = {
    type: 'http',
    url: `https://mcp.example.com/u/${PATH_TOKEN}/mcp?api_key=${QUERY_KEY}&region=eu`,
    headers: { Authorization: `Bearer ${BEARER}`, 'X-Team': 'blue' },
  };
  writeFileSync(join(home, 'mcp.json'), `${JSON.stringify({ mcpServers: { local, remote } }, null, 2)}\n`);
  return Promise.resolve({ home });
}, 90_000);

const SECRETS = new RegExp([TOKEN, KEY, QUERY_KEY, PATH_TOKEN, BEARER].join('|'));

describe('editing an entry with secrets in clear, in Chromium', () => {
  it('a command: password fields for the secrets, the reference and the rest as written; Reveal asks first', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 800 });
    await ui.open('#/services/local');
    await page.getByRole('button', { name: 'Edit local' }).click();
    const edit = dialog(page, 'Edit local');
    await edit.getByRole('group', { name: 'Settings of local' }).waitFor();
    expect(await edit.getByRole('note', { name: 'Secrets in clear' }).textContent()).toContain('env.API_TOKEN, args[1]');
    expect(await edit.locator('#edit_env_0_value').getAttribute('type')).toBe('password');
    expect(await edit.locator('#edit_args_1').getAttribute('type')).toBe('password');
    expect(await edit.locator('#edit_args_3').inputValue()).toBe('${secret:OTHER}');
    expect(await edit.locator('#edit_env_1_value').getAttribute('type')).toBe('text');
    expect(await page.locator('body').innerText()).not.toMatch(SECRETS);
    await ui.screenshot('edit-secrets-local-hidden-1280');
    await edit.getByRole('button', { name: 'Reveal' }).click();
    await edit.getByRole('button', { name: 'Show the secrets' }).press('Enter');
    expect(await edit.locator('#edit_env_0_value').getAttribute('type')).toBe('text');
    expect(await focusedName(page)).toBe('Hide');
    await ui.screenshot('edit-secrets-local-shown-1280');
    await edit.getByRole('button', { name: 'Hide' }).click();
    expect(await edit.locator('#edit_env_0_value').getAttribute('type')).toBe('password');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
  });

  it('an address: the token in its path and the secret parameter masked, the rest readable; the changes masked; saved as the file held', async () => {
    const { page } = ui;
    for (const [width, height] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width, height });
      await ui.open('#/services/remote');
      await page.getByRole('button', { name: 'Edit remote' }).click();
      const edit = dialog(page, 'Edit remote');
      await edit.getByRole('group', { name: 'Settings of remote' }).waitFor();
      expect(await edit.locator('#edit_url').getAttribute('type')).toBe('password');
      expect(await edit.getByLabel('URL, secret hidden').textContent()).toBe('https://mcp.example.com/u/••••••••/mcp?api_key=••••••••&region=eu');
      expect(await edit.getByLabel('Value, secret hidden').textContent()).toBe('Bearer ••••••••');
      expect(await page.locator('body').innerText()).not.toMatch(SECRETS);
      expect(overlaps(await controlBoxes(edit))).toEqual([]);
      await ui.screenshot(`edit-secrets-remote-${width}`);
      await edit.getByLabel('Description').fill('The team service');
      await edit.getByRole('button', { name: 'Review changes' }).click();
      await edit.getByRole('table', { name: 'Changes to remote' }).waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(SECRETS);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.getByRole('button', { name: 'Discard changes' }).click();
      await edit.waitFor({ state: 'detached' });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Edit remote' }).click();
    const edit = dialog(page, 'Edit remote');
    await edit.getByLabel('Description').fill('The team service');
    await edit.getByRole('button', { name: 'Review changes' }).click();
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await edit.waitFor({ state: 'detached' });
    const written = readFileSync(join(ui.home, 'mcp.json'), 'utf8');
    expect(written).toContain('The team service');
    expect(written).toContain(`api_key=${QUERY_KEY}`);
    expect(written).toContain(`Bearer ${BEARER}`);
    expect(written).not.toContain('•');
  });

  it('leaves no problem on the page', () => {
    expect(ui.problems).toEqual([]);
  });
});
