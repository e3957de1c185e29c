// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

async function page(server: ServerStatus): Promise<HTMLElement> {
  renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [server] }) }), { hash: `#/services/${server.name}` });
  return screen.findByRole('region', { name: 'Last error' });
}

const URL = 'https://notes.example/mcp';
const REFUSED = { code: 'server_unavailable' as const, message: `could not reach "notes" at ${URL} (ECONNREFUSED): nothing answers there`, hint: `is the server running at ${URL}?`, data: { network: 'ECONNREFUSED' } };

// A failed service said its failure in the badge, the note, its hint and a catch-all line, and an
// address that never answered was offered its logs (it has none) and a sign-in, a key or more access (it asked for none).
describe("a failed service's page", () => {
  it('says an unreachable address once, with the check that fits, and offers neither logs nor a sign-in', async () => {
    const panel = await page(serverStatus({ name: 'notes', transport: 'http', url: URL, state: 'error', lastError: REFUSED }));
    expect(screen.getAllByText(/could not reach/i)).toHaveLength(1);
    expect(screen.getByText('error', { selector: '[data-state]' })).toBeTruthy();
    expect(within(panel).getByText(`Is the service running at ${URL}?`)).toBeTruthy();
    expect(panel.textContent).not.toContain('It could not be reached, stopped before it answered');
    expect(within(panel).queryByRole('link', { name: /logs/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in with the browser' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sign-in' })).toBeNull();
  });

  it('keeps the sign-in facts of a signed-in address that stopped answering, without its sign-in buttons', async () => {
    await page(serverStatus({ name: 'notes', transport: 'http', url: URL, state: 'error', lastError: REFUSED, auth: { connected: true, kind: 'oauth' } }));
    expect(screen.getByRole('heading', { name: 'Sign-in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with a code' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out and revoke' })).toBeTruthy();
  });

  it('offers neither a key nor more access to an address that never answered', async () => {
    await page(serverStatus({ name: 'notes', transport: 'http', url: URL, state: 'error', lastError: REFUSED, auth: { connected: true, kind: 'api_key' } }));
    expect(screen.getByRole('heading', { name: 'Sign-in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enter API key for notes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Forget the API key' })).toBeTruthy();
    cleanup();
    await page(serverStatus({ name: 'notes', transport: 'http', url: URL, state: 'error', lastError: REFUSED, auth: { connected: true, kind: 'oauth', scopes: ['read'], pendingScopes: ['write'] } }));
    expect(screen.getByRole('heading', { name: 'Sign-in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Grant more access' })).toBeNull();
    expect(screen.queryByText(/Needs more access/)).toBeNull();
  });

  it("names the Edit button where the core names the command line's servers edit, and links a program's logs", async () => {
    const hint = 'there is no program at `/opt/files/server`: fix the command of "files" (`connected-services servers edit files --command …`), or install the program there';
    const panel = await page(serverStatus({ name: 'files', state: 'error', lastError: { code: 'server_unavailable', message: 'could not start "files": `/opt/files/server` was not found', hint } }));
    expect(panel.querySelector('.note-hint')?.textContent).toBe('There is no program at /opt/files/server: fix the command of "files" with Edit on its page, or install the program there');
    expect(panel.textContent).not.toContain('connected-services');
    expect(within(panel).getByRole('link', { name: 'Read what files wrote in its logs' })).toBeTruthy();
    expect(panel.textContent).not.toContain('It could not be reached');
  });

  it("links the logs of an address that answered (an error of its own): its log holds the messages it sent", async () => {
    const panel = await page(serverStatus({ name: 'notes', transport: 'http', url: URL, state: 'error', lastError: { code: 'server_unavailable', message: '"notes" answered HTTP 500' } }));
    expect(within(panel).getByRole('link', { name: 'Read what notes wrote in its logs' })).toBeTruthy();
  });

  it('says what kind of failure it was only when nothing more specific is known', async () => {
    const panel = await page(serverStatus({ name: 'files', state: 'error', lastError: { code: 'server_unavailable', message: '"files" exited before it answered' } }));
    expect(panel.textContent).toContain('It could not be reached, stopped before it answered, or answered with an error of its own.');
  });
});
