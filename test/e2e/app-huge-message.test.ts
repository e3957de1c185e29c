import { beforeAll, describe, expect, it } from 'vitest';
import { appFrame, callToolWithApp, useUiSession, appFixtureHome } from '../support/e2e';

/** Whether the page runs a task within `ms`: it does not while a message is being copied into JSON. */
async function answersWithin(page: { evaluate: (fn: () => Promise<boolean>) => Promise<boolean> }, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([page.evaluate(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0))), late]);
  } finally {
    clearTimeout(timer);
  }
}

// An app's message is sized by its strings' lengths before any JSON is made of it (frame-transport.ts).
// The browser's own copy of each such message (reading it at all) takes seconds of the page's thread,
// so the bounds below allow for three of them on a busy computer.
describe('an app that sends messages of 60 MiB, twice every 50 ms', () => {
  const ui = useUiSession(() => appFixtureHome('cs-app-huge-'), 90_000);
  let crashed = false;

  beforeAll(async () => {
    await ui.api('approveServer', { name: 'fixture' });
    await ui.api('connect', { name: 'fixture' });
    ui.page.on('crash', () => (crashed = true));
  }, 90_000);

  it('is refused unread and closed after a few; the tab keeps answering and Close works', async () => {
    const panel = await callToolWithApp(ui.page, 'fixture', 'hostile', { mode: 'huge', ui: '', spy: '' });
    await panel.getByText('The app sent too many messages, or too large ones, and was closed.').waitFor({ timeout: 120_000 });
    expect(await panel.locator('iframe').count()).toBe(0);
    await panel.getByRole('list', { name: 'What the app said' }).getByText(/Refused: The app sent a message larger than a message may be/).first().waitFor({ timeout: 20_000 });
    // A generous bound: the page froze for minutes when each message was made into JSON first.
    expect(await answersWithin(ui.page, 20_000)).toBe(true);
    const next = await callToolWithApp(ui.page, 'fixture', 'panel', { action: 'read', text: '' });
    await appFrame(next).locator('[data-key=read]').waitFor({ timeout: 20_000 });
    await next.getByRole('button', { name: 'Close the app of panel' }).click({ timeout: 20_000 });
    await next.getByText('The app is closed.').waitFor({ timeout: 20_000 });
    expect(crashed).toBe(false);
  }, 240_000);
});
