import { beforeAll, describe, expect, it } from 'vitest';
import { linkServer } from '../fixtures/servers/config';
import { LOCAL_URIS, PUBLIC_URI } from '../fixtures/servers/link-server';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

// A link in what a server sent is text when its name leads to this computer
// (`localhost..`, `127.0.0.1.nip.io`). Checked in Chromium, whose URL parser the page uses.
const ui = useUiSession();

beforeAll(async () => {
  await ui.api('addServer', { name: 'links', config: linkServer() });
  await ui.api('approveServer', { name: 'links' });
  await ui.api('connect', { name: 'links' });
  await waitForState(serverRow(ui.page, 'links'), 'ready', 20_000);
}, 45_000);

describe('links in what a server sent', () => {
  it('are links only to a public https name; every address of this computer or its network is text', async () => {
    const { page } = ui;
    await ui.open('#/services/links/tools/links');
    const tool = page.getByRole('article', { name: /links/ });
    await tool.getByText(/Links to pages/).waitFor();
    expect(await tool.getByRole('link').count(), 'the description names an address as text').toBe(0);
    await tool.getByRole('button', { name: 'Call links' }).click();
    const result = page.getByRole('region', { name: /Result of links/ });
    await result.waitFor({ timeout: 15_000 });
    const links = result.getByRole('link');
    expect(await links.count()).toBe(1);
    expect(await links.getAttribute('href')).toBe(PUBLIC_URI);
    for (const uri of LOCAL_URIS) expect(await result.locator('.plain-url').getByText(uri, { exact: true }).count(), uri).toBe(1);
    await ui.screenshot('server-links');
    expect(ui.problems).toEqual([]);
  });
});
