import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { dialog, serverRow, useUiSession, waitForState } from '../support/e2e';
import { everythingOverHttp } from '../support/everything-http';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

// The connect sheet after the install form of a registry remote: the address it connects to, even
// with nothing to approve (a loopback remote), and the clear-text warning for plain http elsewhere.

let registry: FixtureRegistry;
let server: ChildProcess | undefined;
let loopback = '';

afterAll(async () => {
  server?.kill();
  await registry?.close();
});

const ui = useUiSession(async () => {
  registry = await startFixtureRegistry(5);
  const http = await everythingOverHttp();
  server = http.child;
  loopback = http.url;
  registry.add({ name: 'io.example/loopback-notes', title: 'Loopback Notes', description: 'Notes served on this computer', version: '1.0.0', remotes: [{ type: 'streamable-http', url: loopback }] });
  registry.add({ name: 'io.example/plain-notes', title: 'Plain Notes', description: 'Notes over plain http', version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'http://notes.example.test/mcp' }] });
  const home = tempHome('cs-e2e-remote-sheet-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
  return { home };
}, 60_000);

beforeAll(async () => {
  await ui.api('refreshRegistries', {});
  await ui.reload();
}, 60_000);

async function openSheet(title: string, name: string) {
  const { page } = ui;
  await page.getByRole('searchbox').fill(title);
  await page.getByRole('button', { name: `Install ${title}` }).click({ timeout: 15_000 });
  const install = dialog(page, `Install ${title}`);
  await install.getByLabel('Name').fill(name);
  await install.getByRole('button', { name: 'Review and connect' }).click();
  return dialog(page, `Connect ${name}`);
}

describe('the connect sheet of a registry remote', () => {
  for (const width of [1280, 420]) {
    it(`plain http to another computer: the sheet shows its address and warns it is not encrypted, at ${width} px`, async () => {
      const { page } = ui;
      await page.setViewportSize({ width, height: 800 });
      const sheet = await openSheet('Plain Notes', `plain${width}`);
      const where = sheet.getByRole('group', { name: 'Where it connects' });
      expect(await where.textContent({ timeout: 15_000 })).toBe('http://notes.example.test/mcp');
      const warning = sheet.getByRole('note', { name: 'Not encrypted' });
      expect(await warning.textContent()).toContain('http://notes.example.test is not encrypted (http)');
      await ui.screenshot(`registry-remote-sheet-plain-${width}`);
      // The warning and the address within the sheet, nothing scrolled sideways.
      const box = (await page.locator('dialog[open]').boundingBox())!;
      for (const part of [where, warning]) {
        const at = (await part.boundingBox())!;
        expect(at.x).toBeGreaterThanOrEqual(box.x);
        expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width);
      }
      expect(await page.locator('dialog[open]').evaluate((d) => d.scrollWidth - d.clientWidth)).toBe(0);
      // Each line of a step starts after its mark: a wrapped step does not run under it.
      const lines = await sheet.locator('[data-step="approve"]').evaluate((li) => {
        const mark = li.querySelector('.connect-step-mark')!.getBoundingClientRect();
        const words = document.createRange();
        words.setStartAfter(li.querySelector('.connect-step-mark')!);
        words.setEndBefore(li.querySelector('.visually-hidden')!);
        return { after: mark.right, starts: [...words.getClientRects()].filter((r) => r.width > 1).map((r) => r.left) };
      });
      expect(lines.starts.length, 'the step has words').toBeGreaterThan(0);
      for (const start of lines.starts) expect(start).toBeGreaterThanOrEqual(lines.after - 1);
      await sheet.getByRole('button', { name: 'Cancel' }).click();
      await sheet.waitFor({ state: 'detached' });
    }, 60_000);
  }

  it('a loopback remote: its address, no warning, and nothing to approve in words true of it; then it connects', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 800 });
    const sheet = await openSheet('Loopback Notes', 'notes');
    expect(await sheet.getByRole('group', { name: 'Where it connects' }).textContent({ timeout: 15_000 })).toBe(loopback);
    expect(await sheet.locator('[data-step="approve"]').innerText()).toContain('Nothing to approve');
    expect((await sheet.innerText()).split('No program is started for it').length).toBe(2);
    expect(await sheet.innerText()).not.toContain('runs nowhere');
    expect(await sheet.getByRole('note', { name: 'Not encrypted' }).count()).toBe(0);
    await ui.screenshot('registry-remote-sheet-loopback');
    await sheet.getByRole('button', { name: 'Connect', exact: true }).click();
    await sheet.getByText(/notes is connected with \d+ tools/).waitFor({ timeout: 30_000 });
    await sheet.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('searchbox').fill('');
    await waitForState(serverRow(page, 'notes'), 'ready');
    expect(ui.problems).toEqual([]);
  }, 90_000);
});
