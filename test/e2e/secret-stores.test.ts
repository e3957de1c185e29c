import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { useUiSession } from '../support/e2e';

// docs/vault.md, "Secret stores": a command store waits for the person's approval of its exact
// command (program and arguments as run, no shell); Settings → Secret stores shows it and decides.
const PRINTER = 'process.stdout.write("op-value " + process.argv[1])';

const ui = useUiSession(() => {
  const home = tempHome('cs-e2e-stores-');
  const settings = {
    secretStores: {
      op: { type: 'command', command: process.execPath, args: ['-e', PRINTER, '{path}'] },
      bw: { type: 'command', command: process.execPath, args: ['-e', 'process.stdout.write("bw")', '--', 'item with spaces', '{path}'] },
    },
  };
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'mcp.json'), `${JSON.stringify({ mcpServers: {}, settings }, null, 2)}\n`);
  return { home };
}, 60_000);

describe('approving a command store in the app', () => {
  it('lists the stores with their state, shows a waiting command argument by argument, approves one (logged) and refuses the other', async () => {
    const { page } = ui;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const panel = page.getByRole('region', { name: 'Secret stores' });
    const op = panel.getByRole('listitem', { name: 'store op' });
    await op.getByText('waiting for approval').waitFor();
    // Every configured and default store is listed.
    for (const name of ['vault', 'pass', 'keepassxc', 'secret-service', 'bw']) expect(await panel.getByRole('listitem', { name: `store ${name}` }).count()).toBe(1);
    const argv = await op.getByRole('list', { name: 'command of op' }).getByRole('listitem').allInnerTexts();
    expect(argv).toEqual([process.execPath, '-e', PRINTER, '{path}']);
    const bwArgv = await panel.getByRole('list', { name: 'command of bw' }).getByRole('listitem').allInnerTexts();
    expect(bwArgv).toContain('item with spaces');
    await ui.screenshot('secret-stores-waiting');

    await op.getByRole('button', { name: 'Approve the command of op' }).click();
    await op.getByText('ready', { exact: true }).waitFor();
    expect(await op.getByRole('button', { name: 'Approve the command of op' }).count()).toBe(0);
    const stores = await ui.api<{ name: string; approval?: string }[]>('listSecretStores');
    expect(stores.find((s) => s.name === 'op')?.approval).toBe('approved');
    const log = await ui.api<{ method: string; summary: string; outcome: string }[]>('readAdminLog', {});
    const entry = log.find((e) => e.method === 'approveSecretStore');
    expect(entry?.outcome).toBe('ok');
    expect(entry?.summary).toContain('approve the command of the secret store "op"');

    const bw = panel.getByRole('listitem', { name: 'store bw' });
    await bw.getByRole('button', { name: 'Refuse the command of bw' }).click();
    await bw.getByRole('status').getByText(/stays unapproved/).waitFor();
    expect((await ui.api<{ name: string; approval?: string }[]>('listSecretStores')).find((s) => s.name === 'bw')?.approval).toBe('pending');
    await ui.screenshot('secret-stores-decided');
    expect(ui.problems).toEqual([]);
  });
});
