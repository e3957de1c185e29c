// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { CATALOG } from '../../../shared/catalog';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const EVERYTHING: ServerStatus = serverStatus({ name: 'everything', commandLine: 'npx -y @modelcontextprotocol/server-everything stdio' });

function withServers(servers: ServerStatus[]) {
  return createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers }) });
}

describe('catalog: the small things of issue 17', () => {
  it('offers Open (and Add again) for an entry already added, Add for the others', async () => {
    renderApp(withServers([EVERYTHING]));
    const added = await screen.findByRole('listitem', { name: 'Everything (reference)' });
    const open = within(added).getByRole('link', { name: 'Open everything' });
    expect(open.getAttribute('href')).toBe('#/services/everything');
    expect(within(added).queryByRole('button', { name: 'Add Everything (reference)' })).toBeNull();
    // A bordered button as Open is (a quiet one read as a link beside it).
    expect(within(added).getByRole('button', { name: 'Add again, Everything (reference)' }).className).toBe(open.className);
    const other = screen.getByRole('listitem', { name: 'Filesystem (reference)' });
    expect(within(other).getByRole('button', { name: 'Add Filesystem (reference)' }).textContent).toBe('Add');
  });

  it('names the columns of the services list', async () => {
    renderApp(withServers([EVERYTHING]));
    await screen.findByRole('link', { name: 'everything' });
    const head = document.querySelector('.row-head');
    expect(head?.textContent).toBe('ServiceTransportSign-inStateToolsExpiresActions');
    // Nothing of it expires (no sign-in): a dash, not a blank cell under the heading.
    expect(document.querySelector('[data-server="everything"] .row-token')?.textContent).toBe('sign-in expires: —');
    expect(head?.hasAttribute('hidden')).toBe(false);
    // Each cell also says what it is to a screen reader, since the head is visual only.
    expect(within(screen.getByRole('listitem', { name: 'everything' })).getByText('transport:')).toBeTruthy();
  });

  it('lets a person read a long description whole', async () => {
    const long = CATALOG.find((e) => e.description.length > 70);
    if (!long) throw new Error('the catalog has no long description to test with');
    renderApp(withServers([]));
    const row = await screen.findByRole('listitem', { name: long.name });
    const text = within(row).getByText(long.description);
    expect(text.getAttribute('title')).toBe(long.description);
    const more = within(row).getByRole('button', { name: `More of the description of ${long.name}` });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(text.classList.contains('unclipped')).toBe(false);
    fireEvent.click(more);
    expect(text.classList.contains('unclipped')).toBe(true);
    expect(within(row).getByRole('button', { name: `Less of the description of ${long.name}` }).getAttribute('aria-expanded')).toBe('true');
  });

  it('gives focus back to the button that opened a dialog when it closes', async () => {
    renderApp(withServers([]));
    const opener = await screen.findByRole('button', { name: 'Add custom service' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    // A browser moves focus into the modal (jsdom has no showModal): do as it does.
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    expect(document.activeElement).toBe(cancel);
    fireEvent.click(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('says in the add dialogs when the vault keeps secrets only until the app stops', async () => {
    renderApp(withServers([])); // the fake core's vault is memory-only
    fireEvent.click(await screen.findByRole('button', { name: 'Add GitHub' }));
    expect(await within(screen.getByRole('dialog', { name: 'Add GitHub' })).findByText(/vault is memory-only/)).toBeTruthy();
    cleanup();
    const api = createFakeApi({
      status: async () => {
        const base = await createFakeApi().status({});
        return { ...base, vault: { ...base.vault, safety: 'encrypted' as const, persistent: true } };
      },
    });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    expect(within(screen.getByRole('dialog', { name: 'Add a custom service' })).queryByText(/vault is memory-only/)).toBeNull();
  });

  it('services that could not be read are not "none", and a command in the error is set as code', async () => {
    const api = createFakeApi({
      status: () => Promise.reject(new CodedError('denied', 'Open the address `connected-services serve` printed to sign in to this UI')),
    });
    renderApp(api);
    expect(await screen.findByText('Your services could not be read: the note above says why.')).toBeTruthy();
    expect(screen.queryByText(/No services yet/)).toBeNull();
    expect(screen.getByText('Your services are unknown')).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Open the address connected-services serve printed to sign in to this UI');
    expect(within(alert).getByText('connected-services serve').tagName).toBe('CODE');
  });
});

describe('catalog: a service not from the catalog', () => {
  it('says its sign-in is not known, in words, not only with a dash', async () => {
    renderApp(withServers([serverStatus({ name: 'mine', commandLine: 'node --version' })]));
    const row = await screen.findByRole('listitem', { name: 'mine' });
    const cell = within(row).getByTitle('Not known for a service not from the catalog');
    expect(cell.textContent).toBe('—not known');
    expect(cell.closest('.row-cell')?.textContent).toBe('sign-in: —not known');
  });
});
