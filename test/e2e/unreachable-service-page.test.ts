import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

// An address where nothing answers: its page says so once, with the core's check, and offers
// neither logs (an address writes none here) nor a sign-in (it asked for none).
const ui = useUiSession();
let url = '';

beforeAll(async () => {
  url = `http://127.0.0.1:${await freePort()}/mcp`;
  await ui.api('addServer', { name: 'gone', config: { type: 'http', url } });
  await ui.api('approveServer', { name: 'gone' }).catch(() => undefined);
  await ui.api('connect', { name: 'gone' }).catch(() => undefined);
  await waitForState(serverRow(ui.page, 'gone'), 'error');
}, 45_000);

describe('the page of a service whose address does not answer', () => {
  it('says the failure once, with the check that fits, and offers neither logs nor a sign-in', async () => {
    const { page } = ui;
    await ui.open('#/services/gone');
    const panel = page.getByRole('region', { name: 'Last error' });
    await panel.waitFor();
    await ui.screenshot('unreachable-service-page');
    // Said once in the Last error note (the state history keeps its own record); the badge says only "error".
    expect(await panel.getByText(/could not reach/i).count()).toBe(1);
    expect(await page.locator('main .badge').filter({ has: page.locator('[data-state="error"]') }).textContent()).toBe('error');
    expect(await panel.getByText(`Is the service running at ${url}?`).count()).toBe(1);
    expect(await panel.getByRole('link', { name: /logs/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Sign in/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Restart gone' }).count()).toBe(1);
    expect(ui.problems).toEqual([]);
  });
});
