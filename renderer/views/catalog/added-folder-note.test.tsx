// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const NOTE = '/home/me/no-such-folder does not exist (yet): the server cannot start until it does';

// The core's dry run says what the entry names that is not there; addServer says nothing of it.
function apiWithMissingFolder() {
  return createFakeApi({
    addService: ({ config }) => ({ needsApproval: true, steps: [], ...('cwd' in config && config.cwd === '/home/me/no-such-folder' ? { notes: [NOTE] } : {}) }),
    addServer: () => ({ ok: true }),
  });
}

describe('adding a custom service whose Folder does not exist', () => {
  it('adds it, and says after the add that it cannot start until the folder exists', async () => {
    const api = apiWithMissingFolder();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'mine' } });
    fireEvent.change(within(dialog).getByLabelText(/^Command/), { target: { value: 'node' } });
    fireEvent.change(within(dialog).getByLabelText(/^Folder/), { target: { value: '/home/me/no-such-folder' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    await screen.findByText(/^Added mine\./);
    expect(await screen.findByText(/^\/home\/me\/no-such-folder does not exist \(yet\): the server cannot start until it does/)).toBeTruthy();
    expect(api.callsOf('addServer')).toHaveLength(1);
  });

  it('says nothing more when the folder is there', async () => {
    const api = apiWithMissingFolder();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'mine' } });
    fireEvent.change(within(dialog).getByLabelText(/^Command/), { target: { value: 'node' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    await screen.findByText(/^Added mine\./);
    expect(screen.queryByText(/does not exist/)).toBeNull();
  });
});
