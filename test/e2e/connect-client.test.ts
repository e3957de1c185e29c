import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialog, useUiSession } from '../support/e2e';

// Issue 34, item 2: a client connected from the screen, into a temporary home whose configuration must be kept.
let user: string;
let agent: Client | undefined;
/** The vault is sealed with a passphrase Cursor's environment has too, so the helper Cursor starts can open it. */
const PASSPHRASE = 'e2e connect-client passphrase';
const CURSOR_BEFORE = `{\n  "mcpServers": {\n    "linear": { "url": "https://mcp.linear.example/sse" }\n  }\n}\n`;

const ui = useUiSession(() => {
  user = mkdtempSync(join(tmpdir(), 'cs-e2e-user-'));
  mkdirSync(join(user, '.cursor'));
  writeFileSync(join(user, '.cursor', 'mcp.json'), CURSOR_BEFORE, { mode: 0o600 });
  return { env: { HOME: user, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE } };
});

beforeAll(async () => {
  await ui.api('addAgent', { name: 'cursor', servers: '*' });
}, 45_000);

afterAll(async () => {
  await agent?.close();
});

describe('connecting a client from the Agents screen', () => {
  it('shows the diff, writes the user configuration merged with a backup, then the first request', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('button', { name: 'Connect cursor to an installed client' }).click();
    const sheet = dialog(page, 'Connect cursor to an installed client');
    const cursorRow = sheet.getByRole('listitem').filter({ hasText: 'Cursor' }).first();
    await cursorRow.getByText('found:').waitFor();
    await ui.screenshot('connect-client-choose-1280');
    await sheet.getByRole('button', { name: 'Connect cursor to Cursor' }).click();
    const diff = sheet.getByLabel('Changes to the file');
    await diff.waitFor();
    const shown = (await diff.textContent()) ?? '';
    expect(shown).toContain('"connected-services-cursor"');
    // No token in the file: Cursor starts the stdio bridge, which reads it from the vault.
    expect(shown).toContain('"--agent"');
    expect(shown).not.toContain('Bearer');
    expect(shown).toContain('"linear"');
    await sheet.getByText("would not be written into Cursor's file: it would stay in the vault", { exact: false }).waitFor();
    await ui.screenshot('connect-client-diff-1280');
    expect(readFileSync(join(user, '.cursor', 'mcp.json'), 'utf8')).toBe(CURSOR_BEFORE);

    await sheet.getByRole('button', { name: 'Write to Cursor' }).click();
    await sheet.getByText('Wrote', { exact: false }).first().waitFor();
    const text = readFileSync(join(user, '.cursor', 'mcp.json'), 'utf8');
    expect(text).not.toMatch(/cs_agent_|Bearer/);
    const written = JSON.parse(text) as { mcpServers: Record<string, { url?: string; command: string; args: string[]; env?: Record<string, string> }> };
    expect(written.mcpServers['linear']).toEqual({ url: 'https://mcp.linear.example/sse' });
    const ours = written.mcpServers['connected-services-cursor']!;
    expect(ours.args.slice(-4)).toEqual(['bridge', '--stdio', '--agent', 'cursor']);
    const backup = readdirSync(join(user, '.cursor')).find((n) => n.startsWith('mcp.json.connected-services-backup-'));
    expect(backup).toBeDefined();
    expect(readFileSync(join(user, '.cursor', backup!), 'utf8')).toBe(CURSOR_BEFORE);
    expect(await page.content()).not.toContain('cs_agent_');
    await sheet.getByText('Waiting for Cursor’s first request', { exact: false }).waitFor();

    // Cursor starts: the entry as written, started as Cursor starts it (argv, no shell), its first request.
    agent = new Client({ name: 'cursor', version: '1.0.0' });
    await agent.connect(new StdioClientTransport({ command: ours.command, args: ours.args, env: { ...ours.env, HOME: user, CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE }, stderr: 'pipe' }));
    await agent.listTools();
    await sheet.getByText('Cursor reached the bridge as cursor', { exact: false }).waitFor({ timeout: 15_000 });
    await ui.screenshot('connect-client-done-1280');
    await page.setViewportSize({ width: 420, height: 900 });
    await ui.screenshot('connect-client-done-420');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
    await page.setViewportSize({ width: 1280, height: 900 });
    await sheet.getByRole('button', { name: 'Done' }).click();
  });

  it('removing the agent offers to remove its entry, and removes only that', async () => {
    const { page } = ui;
    await page.getByRole('button', { name: 'Remove agent cursor' }).click();
    const confirm = dialog(page, 'Remove cursor');
    const offer = confirm.getByLabel(/Also remove it from Cursor/);
    await offer.waitFor();
    expect(await offer.isChecked()).toBe(true);
    await ui.screenshot('connect-client-remove-1280');
    await confirm.getByRole('button', { name: 'Remove agent' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(JSON.parse(readFileSync(join(user, '.cursor', 'mcp.json'), 'utf8'))).toEqual(JSON.parse(CURSOR_BEFORE));
    expect(existsSync(join(user, '.cursor', 'mcp.json'))).toBe(true);
  });
});
