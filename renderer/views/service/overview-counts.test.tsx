// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

describe("a service's inventory on its overview", () => {
  it('says "1 resource, 1 prompt", not "1 resources, 1 prompts"', async () => {
    const notes = serverStatus({ name: 'notes', state: 'ready', toolCount: 1, resourceCount: 1, promptCount: 1 });
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [notes] }) }), { hash: '#/services/notes' });
    const term = await screen.findByText('Inventory');
    expect(term.nextElementSibling?.textContent).toBe('1 tool, 1 resource, 1 prompt');
  });
});

// A screens review: after three failed starts the overview said "Crashes 0", as if nothing had gone wrong.
describe("a service's crashes and failed starts", () => {
  it('counts crashes while running apart from starts that failed, those only when there are some', async () => {
    const error = { code: 'server_unavailable' as const, message: 'exited with code 1 before it answered' };
    const history = [
      { at: 1, state: 'starting' as const },
      { at: 2, state: 'error' as const, error },
      { at: 3, state: 'starting' as const },
      { at: 4, state: 'error' as const, error },
    ];
    const broken = serverStatus({ name: 'broken', state: 'error', crashes: 0, history, lastError: error });
    const fine = serverStatus({ name: 'fine', state: 'ready', crashes: 1, history: [{ at: 1, state: 'starting' }, { at: 2, state: 'ready' }] });
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [broken, fine] }) });
    renderApp(api, { hash: '#/services/broken' });
    expect((await screen.findByText('Crashes while running')).nextElementSibling?.textContent).toBe('0');
    expect(screen.getByText('Failed starts').nextElementSibling?.textContent).toBe('2 (listed in State history)');
    cleanup();
    renderApp(api, { hash: '#/services/fine' });
    expect((await screen.findByText('Crashes while running')).nextElementSibling?.textContent).toBe('1');
    expect(screen.queryByText('Failed starts')).toBeNull();
  });
});

// A screens review: a service waiting for approval showed "Last error: … waiting for your approval:
// <the command before the edit> … run connected-services servers approve", Code: denied, beside Approve.
describe('a service waiting for approval', () => {
  it('shows no error card for the refused start: its header offers Approve', async () => {
    const lastError = { code: 'denied' as const, message: 'The command of "github" is waiting for your approval: npx -y old', hint: 'Review it, then run connected-services servers approve github' };
    const github = serverStatus({ name: 'github', state: 'idle', approval: 'pending', lastError, commandLine: 'npx -y new' });
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [github] }) }), { hash: '#/services/github' });
    await screen.findByText('Crashes while running');
    expect(screen.queryByRole('heading', { name: 'Last error' })).toBeNull();
    expect(document.body.textContent).not.toContain('npx -y old');
    expect(screen.getAllByRole('button', { name: /Approve/ }).length).toBeGreaterThan(0);
  });
});

// A command of a program that is not there (`servers add a3 -- ./gone.sh`): nothing is spawned before
// approval, so no error says so; the page named no place that does.
describe('a command waiting for approval', () => {
  it('says the checks under Settings are where a missing program shows', async () => {
    const a3 = serverStatus({ name: 'a3', state: 'idle', approval: 'pending', commandLine: './gone.sh' });
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [a3] }) }), { hash: '#/services/a3' });
    const approval = (await screen.findByText('Command approval')).nextElementSibling;
    expect(approval?.textContent).toContain('whether its program is on this computer shows under Settings → Checks');
    expect(screen.getByRole<HTMLAnchorElement>('link', { name: 'Settings → Checks' }).getAttribute('href')).toBe('#/settings');
  });
});
