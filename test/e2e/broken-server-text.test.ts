import { beforeAll, describe, expect, it } from 'vitest';
import { serverRow, stateOf, useUiSession, waitForState } from '../support/e2e';

// A broken service's header badge and state history set the core's backticks (`command`) as code,
// as the error note beside them does, never as typed.
const ui = useUiSession();
const COMMAND = 'no-such-command-cs-e2e';

beforeAll(async () => {
  await ui.api('addServer', { name: 'broken', config: { command: COMMAND } });
  await ui.api('approveServer', { name: 'broken' });
  await ui.api('connect', { name: 'broken' }).catch(() => undefined);
  await waitForState(serverRow(ui.page, 'broken'), 'error');
}, 45_000);

describe("a broken service's error, as the core quoted its command", () => {
  it('is plain text in its row and header badge (and their tooltips), code in its state history and the admin log', async () => {
    const { page } = ui;
    const rowBadge = stateOf(serverRow(page, 'broken'));
    expect(await rowBadge.textContent()).toContain(COMMAND);
    expect(await rowBadge.textContent()).not.toContain('`');
    // The Overview says the error in full under Last error; another tab's badge gives its reason.
    await ui.open('#/services/broken/tools');
    const badge = page.locator('main .badge').filter({ has: page.locator('[data-state="error"]') });
    expect(await badge.textContent()).toContain(COMMAND);
    expect(await badge.textContent()).not.toContain('`');
    expect(await badge.getAttribute('title')).not.toContain('`');
    await ui.open('#/services/broken');
    const history = page.getByRole('region', { name: 'State history' });
    expect(await history.textContent()).not.toContain('`');
    expect(await history.locator('code').getByText(COMMAND, { exact: true }).count()).toBe(1);
    await ui.screenshot('broken-server-text');
    await ui.open('#/activity');
    const failed = page.getByRole('table', { name: 'Changes, newest first' }).getByRole('row').filter({ hasText: 'connect "broken"' });
    expect(await failed.textContent()).not.toContain('`');
    expect(await failed.locator('code').getByText(COMMAND, { exact: true }).count()).toBe(1);
    expect(ui.problems).toEqual([]);
  });
});
