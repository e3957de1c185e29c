import { beforeAll, describe, expect, it } from 'vitest';
import { appFrame, callToolWithApp, useUiSession, appFixtureHome } from '../support/e2e';

// An app's message is bounded in the page before anything recursive reads it (frame-transport.ts).
describe('an app that sends a message nested thousands deep', () => {
  const ui = useUiSession(() => appFixtureHome('cs-app-deep-'), 90_000);
  const calls: string[] = [];
  let crashed = false;

  beforeAll(async () => {
    await ui.api('approveServer', { name: 'fixture' });
    await ui.api('connect', { name: 'fixture' });
    ui.page.on('crash', () => (crashed = true));
    ui.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/callAppTool') calls.push(request.url());
    });
  }, 90_000);

  it('refuses one the browser copies (1,500 deep) in the page, with a note and an answer to the app; the core never sees it', async () => {
    const panel = await callToolWithApp(ui.page, 'fixture', 'hostile', { mode: 'deep', ui: '', spy: '1500' });
    const app = appFrame(panel);
    await app.locator('[data-key=answer]').waitFor({ timeout: 20_000 });
    expect(await app.locator('[data-key=answer]').textContent()).toMatch(/^answer: refused The app sent a message nested deeper than 68 levels/);
    await panel.getByRole('list', { name: 'What the app said' }).getByText(/Refused: The app sent a message nested deeper than 68 levels/).waitFor();
    expect(calls).toEqual([]);
    expect(crashed).toBe(false);
    await ui.screenshot('app-deep-message-refused');
  }, 60_000);

  it('names one the browser could not copy (3,500 deep: it arrives as null) and keeps the tab working', async () => {
    const panel = await callToolWithApp(ui.page, 'fixture', 'hostile', { mode: 'deep', ui: '', spy: '3500' });
    await appFrame(panel).locator('[data-key=deep]').waitFor({ timeout: 20_000 });
    await panel.getByRole('list', { name: 'What the app said' }).getByText(/Refused: The app sent a message the page could not read/).waitFor({ timeout: 20_000 });
    expect(calls).toEqual([]);
    expect(crashed).toBe(false);
    // The tab still works: the next app runs its call.
    const next = await callToolWithApp(ui.page, 'fixture', 'panel', { action: 'read' });
    await appFrame(next).locator('[data-key=read]').waitFor({ timeout: 20_000 });
    expect(calls).toHaveLength(1);
  }, 90_000);
});
