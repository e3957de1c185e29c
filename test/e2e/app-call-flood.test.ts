import { beforeAll, describe, expect, it } from 'vitest';
import { appFrame, callToolWithApp, until, useUiSession, appFixtureHome } from '../support/e2e';

interface Listed {
  kind: string;
}

// A waiting write is a request held open, and the tab has six connections to serve: an app asking
// for many at once must leave Deny, Close and the other screens theirs.
describe('an app that asks for many writes at once', () => {
  const ui = useUiSession(() => appFixtureHome('cs-app-flood-'), 90_000);

  beforeAll(async () => {
    await ui.api('approveServer', { name: 'fixture' });
    await ui.api('connect', { name: 'fixture' });
  }, 90_000);

  const waitingAppCalls = async () => (await ui.api<Listed[]>('listDecisions', {})).filter((d) => d.kind === 'appCall').length;

  it('has one write wait for the person, refuses the others at once, and Deny still answers', async () => {
    const panel = await callToolWithApp(ui.page, 'fixture', 'panel', { action: 'many', text: '8' });
    const app = appFrame(panel);
    const answers = app.locator('[data-key^="many-"]');
    const card = panel.getByRole('list', { name: 'Changes the app asks for' }).getByRole('listitem');
    await card.waitFor({ timeout: 20_000 });
    await until(async () => (await answers.count()) === 7, 'seven writes answered at once', 30_000);
    expect(await card.count()).toBe(1);
    expect(await waitingAppCalls()).toBe(1);
    await card.getByRole('button', { name: /^Deny/ }).click();
    await card.waitFor({ state: 'detached', timeout: 20_000 });
    await until(async () => (await answers.count()) === 8, 'the denied write answered', 20_000);
    const texts = await answers.allTextContents();
    expect(texts.filter((text) => /did not allow/.test(text))).toHaveLength(1);
    // Refused in the page, never sent: no request of theirs was held.
    expect(texts.filter((text) => /: refused .*while its previous call still waits: not sent/.test(text))).toHaveLength(7);
    expect(await waitingAppCalls()).toBe(0);
  }, 90_000);

  it('closes an app whose write waits, drops the write, and the page still opens another app and runs its read', async () => {
    // The denied write above was answered 403, which the console reports; nothing here is.
    const before = ui.problems.length;
    const panel = await callToolWithApp(ui.page, 'fixture', 'panel', { action: 'many', text: '8' });
    await panel.getByRole('list', { name: 'Changes the app asks for' }).getByRole('listitem').waitFor({ timeout: 20_000 });
    await panel.getByRole('button', { name: 'Close the app of panel' }).click();
    await panel.getByText('The app is closed.').waitFor({ timeout: 20_000 });
    await until(async () => (await waitingAppCalls()) === 0, 'the closed app’s write dropped', 20_000);
    const again = await callToolWithApp(ui.page, 'fixture', 'panel', { action: 'read' });
    await appFrame(again).locator('[data-key=read]').waitFor({ timeout: 20_000 });
    expect(await appFrame(again).locator('[data-key=read]').textContent()).toMatch(/^read: ok notes: first note/);
    expect(ui.problems.slice(before)).toEqual([]);
  }, 90_000);
});
