// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminEntry, DoctorCheck, SecretStoreView } from '../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../test/support/renderer';

afterEach(cleanup);

// A broken service's state history and its header badge set the core's backticks (`command`) as code,
// as the error note beside them does, never as typed.
const MESSAGE = 'could not start "broken": `no-such-cmd` was not found. Run `connected-services doctor`.';
/** What a server could slip into a message: must stay text, never become markup. */
const MARKUP = 'failed: `<img src=x onerror=alert(1)>` and <b>bold</b>';

const broken = async () => ({
  ...(await createFakeApi().status({})),
  servers: [
    serverStatus({
      name: 'broken',
      transport: 'stdio',
      state: 'error',
      lastError: { code: 'server_unavailable', message: MESSAGE },
      history: [
        { at: 1_800_000_000_000, state: 'starting' },
        { at: 1_800_000_001_000, state: 'error', error: { code: 'server_unavailable', message: MESSAGE } },
        { at: 1_800_000_002_000, state: 'error', error: { code: 'server_unavailable', message: MARKUP } },
      ],
    }),
  ],
});

function codeIn(element: Element): string[] {
  return [...element.querySelectorAll('code')].map((c) => c.textContent ?? '');
}

describe('text the core quotes in backticks, set as code instead of shown with its backticks', () => {
  it("in a broken service's state history and its header badge (plain text there, its tooltip too)", async () => {
    renderApp(createFakeApi({ status: broken }), { hash: '#/services/broken' });
    const history = await screen.findByRole('region', { name: 'State history' });
    expect(history.textContent).not.toContain('`');
    expect(codeIn(history)).toEqual(['<img src=x onerror=alert(1)>', 'no-such-cmd', 'connected-services doctor']);
    // Markup in the message is text: no element made from it.
    expect(history.querySelector('img, b')).toBeNull();
    expect(history.textContent).toContain('<b>bold</b>');
    // The Overview says the error in full under Last error; another tab's badge gives its reason.
    window.location.hash = screen.getByRole('link', { name: /^Tools/ }).getAttribute('href') ?? '';
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'State history' })).toBeNull());
    const badge = document.querySelector('main [data-state="error"]')?.closest('.badge');
    if (!badge) throw new Error('no state badge');
    expect(badge.textContent).toBe('error: could not start "broken": no-such-cmd was not found');
    expect(badge.getAttribute('title')).toBe('could not start "broken": no-such-cmd was not found. Run connected-services doctor.');
  });

  it('in the outcome of a change in the admin log', async () => {
    const failed: AdminEntry = { id: 'e-1', time: 1_000, who: 'app', method: 'connect', summary: 'connect "broken"', outcome: 'failed', error: MESSAGE };
    renderApp(createFakeApi({ readAdminLog: () => [failed] }), { hash: '#/activity' });
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no row');
    expect(row.textContent).not.toContain('`');
    expect(codeIn(row)).toEqual(['no-such-cmd', 'connected-services doctor']);
  });

  it("in a check's detail and fix, and a secret store's fix, on Settings", async () => {
    const check: DoctorCheck = { id: 'port:ui', title: 'UI port', status: 'warn', detail: 'the port `47780` is taken', fix: 'Stop the other program, or start with `--port N`' };
    const store: SecretStoreView = {
      name: 'pass', type: 'pass', abilities: { list: true, set: true, delete: true }, ok: false, used: false,
      detail: 'The secret store "pass" has no password store', fix: 'Run `pass init YOUR-GPG-KEY` (or set PASSWORD_STORE_DIR).',
    };
    renderApp(createFakeApi({ doctor: () => [check], listSecretStores: () => [store] }), { hash: '#/settings' });
    const fix = (await screen.findByText('Fix:')).closest('p');
    const detail = screen.getByText('UI port').parentElement;
    if (!fix || !detail) throw new Error('no check');
    expect(codeIn(fix)).toEqual(['--port N']);
    expect(codeIn(detail)).toEqual(['47780', '--port N']);
    expect(detail.textContent).not.toContain('`');
    const storeFix = await screen.findByText(/To use it:/);
    expect(codeIn(storeFix)).toEqual(['pass init YOUR-GPG-KEY']);
    expect(storeFix.textContent).not.toContain('`');
  });
});
