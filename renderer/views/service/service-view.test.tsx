// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

describe('service screen', () => {
  it('titles the page with the name alone (the icon letters stay out of the heading)', async () => {
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', toolCount: 2 })] }) });
    renderApp(api, { hash: '#/services/everything/tools' });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('everything');
    expect(screen.getByRole('region', { name: 'everything' })).toBeTruthy();
    // The sections are navigation links (each has its own address); the current one says so.
    const nav = screen.getByRole('navigation', { name: 'Sections of everything' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-current'))).toEqual([null, 'page', null, null, null]);
    expect(links.at(-1)?.textContent).toBe('Logs');
  });

  it("shows the entry's own description over the catalog's", async () => {
    const everything = serverStatus({ name: 'everything', commandLine: 'npx -y @modelcontextprotocol/server-everything', description: 'My own test server' });
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [everything] }) });
    renderApp(api, { hash: '#/services/everything' });
    expect(await screen.findByText('My own test server')).toBeTruthy();
    expect(screen.queryByText(/Test server exercising every MCP feature/)).toBeNull();
  });

  it('counts no tools, resources or prompts on the tabs of a service that never listed them', async () => {
    const fresh = serverStatus({ name: 'fresh', state: 'idle', toolCount: 0, resourceCount: 0, promptCount: 0 });
    const listed = serverStatus({ name: 'listed', state: 'ready', toolCount: 0, resourceCount: 0, promptCount: 0, inventoryUpdatedAt: 1 });
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [fresh, listed] }) });
    renderApp(api, { hash: '#/services/fresh/tools' });
    const nav = await screen.findByRole('navigation', { name: 'Sections of fresh' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Overview', 'Tools', 'Resources', 'Prompts', 'Logs']);
    cleanup();
    renderApp(api, { hash: '#/services/listed/tools' });
    const listedNav = await screen.findByRole('navigation', { name: 'Sections of listed' });
    expect(within(listedNav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Overview', 'Tools 0', 'Resources 0', 'Prompts 0', 'Logs']);
  });
});
