import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFixtureServer, appServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { appFrame, callToolWithApp, startSpy, useUiSession, until } from '../support/e2e';

interface Listed {
  kind: string;
  item: { tool: string; tier: string; arguments: Record<string, unknown> };
}

// Issue 36 item 1: a tool's app beside its result in the tool browser, its calls through the person's path.
describe('MCP Apps in the tool browser (our fixture app)', () => {
  let spy: Awaited<ReturnType<typeof startSpy>>;

  afterAll(async () => {
    await spy?.close();
  });

  const ui = useUiSession(async () => {
    spy = await startSpy();
    const home = tempHome('cs-app-host-');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { fixture: appFixtureServer(), basic: appServer('basic-vanillajs') } }));
    return { home, env: { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' } };
  }, 90_000);

  beforeAll(async () => {
    for (const name of ['fixture', 'basic']) {
      await ui.api('approveServer', { name });
      await ui.api('connect', { name });
    }
  }, 90_000);

  it('shows the app in a sandboxed frame on its own origin, and runs its read call', async () => {
    const panel = await callToolWithApp(ui.page, 'fixture', 'panel', { action: 'read' });
    const frame = panel.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.origin).not.toBe(new URL(ui.served.origin).origin);
    const app = appFrame(panel);
    await app.locator('[data-key=host]').waitFor();
    expect(await app.locator('[data-key=host]').textContent()).toBe('host: Connected Services');
    expect(await app.locator('[data-key=input]').textContent()).toBe('input: {"action":"read"}');
    await app.locator('[data-key=read]').waitFor({ timeout: 20_000 });
    expect(await app.locator('[data-key=read]').textContent()).toBe('read: ok notes: first note');
    await ui.screenshot('app-host-panel-read');
  }, 60_000);

  it('holds a write from the app for the person, with its arguments, and runs it only once allowed', async () => {
    const panel = await callToolWithApp(ui.page, 'fixture', 'panel', { action: 'write', text: 'from the app' });
    const card = panel.getByRole('list', { name: 'Changes the app asks for' }).getByRole('listitem');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toContain('save-note');
    expect(await card.textContent()).toContain('from the app');
    const listed = await ui.api<Listed[]>('listDecisions', {});
    expect(listed.filter((d) => d.kind === 'appCall').map((d) => d.item)).toEqual([
      expect.objectContaining({ tool: 'save-note', tier: 'write', arguments: { text: 'from the app' } }),
    ]);
    const app = appFrame(panel);
    expect(await app.locator('[data-key=write]').count()).toBe(0);
    await ui.screenshot('app-host-write-waits');
    await card.getByRole('button', { name: /^Allow/ }).click();
    await app.locator('[data-key=write]').waitFor({ timeout: 20_000 });
    expect(await app.locator('[data-key=write]').textContent()).toBe('write: ok saved from the app');
  }, 60_000);

  it('refuses a write the person denies, and a call of another server’s tool', async () => {
    const panel = await callToolWithApp(ui.page, 'fixture', 'panel', { action: 'write', text: 'not this' });
    const card = panel.getByRole('list', { name: 'Changes the app asks for' }).getByRole('listitem');
    await card.getByRole('button', { name: /^Deny/ }).click();
    const app = appFrame(panel);
    await app.locator('[data-key=write]').waitFor({ timeout: 20_000 });
    expect(await app.locator('[data-key=write]').textContent()).toMatch(/^write: refused .*did not allow/);
    const foreign = await callToolWithApp(ui.page, 'fixture', 'panel', { action: 'foreign', text: '' });
    const other = appFrame(foreign);
    await other.locator('[data-key=foreign]').waitFor({ timeout: 20_000 });
    expect(await other.locator('[data-key=foreign]').textContent()).toMatch(/^foreign: refused .*may not call "get-time"/);
  }, 60_000);

  it('shows the app’s message and context update on screen only, and bounds its size', async () => {
    const panel = await callToolWithApp(ui.page, 'fixture', 'panel', { action: 'talk', text: '' });
    await appFrame(panel).locator('[data-key=talk]').waitFor({ timeout: 20_000 });
    const said = panel.getByRole('list', { name: 'What the app said' });
    await said.getByText('hello from the app').waitFor();
    await said.getByText('the app saw 3 notes').waitFor();
    const box = await panel.locator('iframe').boundingBox();
    expect(box?.height).toBeLessThanOrEqual(720);
    expect(box?.width).toBeLessThanOrEqual((await panel.boundingBox())?.width ?? 0);
  }, 60_000);

  it('contains an app that tries to leave its frame: storage, cookies, the UI, the UI’s API, windows, the top page', async () => {
    const pages = ui.browser.context.pages().length;
    const panel = await callToolWithApp(ui.page, 'fixture', 'hostile', { ui: ui.served.origin, spy: spy.origin });
    const app = appFrame(panel);
    await app.locator('[data-key=done]').waitFor({ timeout: 20_000 });
    const shown = async (key: string) => (await app.locator(`[data-key=${key}]`).textContent()) ?? '';
    expect(await shown('storage')).toMatch(/blocked:SecurityError/);
    expect(await shown('cookie')).toMatch(/blocked:SecurityError|ok:$/);
    expect(await shown('parentDom')).toMatch(/blocked:SecurityError/);
    expect(await shown('postUiApi')).toMatch(/blocked:TypeError/);
    expect(await shown('popup')).toBe('popup: ok:null');
    expect(await shown('topNav')).toMatch(/blocked:SecurityError/);
    expect(spy.seen).toEqual([]);
    expect(ui.browser.context.pages().length).toBe(pages);
    expect(new URL(ui.page.url()).origin).toBe(new URL(ui.served.origin).origin);
  }, 60_000);

  it('keeps an app that navigates its frame from reaching the address, and tells the person', async () => {
    const before = ui.problems.length;
    const panel = await callToolWithApp(ui.page, 'fixture', 'hostile', { mode: 'navigate', ui: '', spy: spy.origin });
    // The UI's frame-src names only the app origin: the navigation is refused before any request.
    await until(() => ui.problems.slice(before).some((p) => p.includes('frame-src') && p.includes(spy.origin)), 'the navigation refused by frame-src');
    await panel.getByText(`The app tried to move its frame to a page of ${spy.origin}, and was stopped`, { exact: false }).waitFor({ timeout: 20_000 });
    expect(spy.seen).toEqual([]);
  }, 60_000);

  it('closes an app that floods its channel, and Close always works', async () => {
    const panel = await callToolWithApp(ui.page, 'fixture', 'hostile', { mode: 'flood', ui: '', spy: spy.origin });
    await panel.getByText('The app sent too many messages, or too large ones, and was closed.').waitFor({ timeout: 30_000 });
    expect(await panel.locator('iframe').count()).toBe(0);
    const again = await callToolWithApp(ui.page, 'fixture', 'panel', { action: 'read', text: '' });
    const address = (await again.locator('iframe').getAttribute('src')) ?? '';
    await again.getByRole('button', { name: 'Close the app of panel' }).click();
    await again.getByText('The app is closed.').waitFor();
    expect(await again.locator('iframe').count()).toBe(0);
    await until(async () => (await fetch(address, { headers: { 'sec-fetch-dest': 'iframe' } })).status === 404, 'the closed app’s address to stop serving');
  }, 90_000);

  it('keeps an app from a domain its resource’s CSP does not declare', async () => {
    const panel = await callToolWithApp(ui.page, 'fixture', 'fetcher', { spy: spy.origin });
    const app = appFrame(panel);
    await app.locator('[data-key=fetch]').waitFor({ timeout: 20_000 });
    expect(await app.locator('[data-key=fetch]').textContent()).toBe('fetch: blocked:TypeError');
    expect(spy.seen).toEqual([]);
  }, 60_000);
});
