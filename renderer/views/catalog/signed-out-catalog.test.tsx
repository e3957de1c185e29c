// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app';
import { createConnectionStore } from '../../state';
import { createFakeApi, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const EVERYTHING = serverStatus({ name: 'everything', commandLine: 'npx -y @modelcontextprotocol/server-everything stdio' });

function renderSignedOut() {
  window.location.hash = '#/';
  const connection = createConnectionStore();
  const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [EVERYTHING] }) });
  render(<App api={api} connection={connection} />);
  return connection;
}

describe('the catalog while the tab is signed out', () => {
  it('disables Open as it does Add, and says why beside them and as their tooltip', async () => {
    const connection = renderSignedOut();
    const added = await screen.findByRole('listitem', { name: 'Everything (reference)' });
    const other = screen.getByRole('listitem', { name: 'Filesystem (reference)' });
    expect(within(added).getByRole('link', { name: 'Open everything' }).getAttribute('href')).toBe('#/services/everything');

    act(() => connection.set('rejected'));
    const open = within(added).getByRole('link', { name: 'Open everything' });
    // A link leads nowhere once disabled: no address to follow, and it says it is disabled.
    expect(open.getAttribute('href')).toBeNull();
    expect(open.getAttribute('aria-disabled')).toBe('true');
    expect(within(added).getByRole<HTMLButtonElement>('button', { name: 'Add again, Everything (reference)' }).matches(':disabled')).toBe(true);
    expect(within(other).getByRole<HTMLButtonElement>('button', { name: 'Add Filesystem (reference)' }).matches(':disabled')).toBe(true);
    const reason = 'Sign in first: this tab is signed out (the note at the top says how).';
    expect(screen.getByText(reason)).toBeTruthy();
    expect(open.closest('fieldset')?.getAttribute('title')).toBe(reason);

    act(() => connection.set('lost'));
    expect(screen.getByText('Buttons work again once the app is back (the note at the top says how).')).toBeTruthy();
    // The banner says the app stopped; the note beside the buttons does not say it again.
    expect(screen.queryByText(/not answering/)).toBeNull();

    act(() => connection.set('live'));
    expect(within(added).getByRole('link', { name: 'Open everything' }).getAttribute('href')).toBe('#/services/everything');
    expect(within(added).getByRole('link', { name: 'Open everything' }).hasAttribute('aria-disabled')).toBe(false);
    expect(within(other).getByRole<HTMLButtonElement>('button', { name: 'Add Filesystem (reference)' }).matches(':disabled')).toBe(false);
    expect(screen.queryByText(reason)).toBeNull();
    expect(screen.getByRole('main').querySelector('fieldset')?.hasAttribute('title')).toBe(false);
  });

  it('keeps Search and Show working, which only filter what is shown', async () => {
    const connection = renderSignedOut();
    await screen.findByRole('listitem', { name: 'Filesystem (reference)' });
    act(() => connection.set('rejected'));
    const search = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search services and tools' });
    const show = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Show services in state' });
    expect(search.matches(':disabled')).toBe(false);
    expect(show.matches(':disabled')).toBe(false);
    fireEvent.change(search, { target: { value: 'filesystem' } });
    expect(screen.getByRole('listitem', { name: 'Filesystem (reference)' }).hidden).toBe(false);
    expect(screen.queryByRole('listitem', { name: 'Everything (reference)' })).toBeNull();
    // A row's "more" only unfolds its text: it works too.
    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'More of the description of Git (reference)' }).matches(':disabled')).toBe(false);
    fireEvent.change(search, { target: { value: 'filesystem' } });
    // What needs the core stays disabled beside them.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add Filesystem (reference)' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add custom service' }).matches(':disabled')).toBe(true);
  });
});
