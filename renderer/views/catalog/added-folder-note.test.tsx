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

/** Adds the custom service "mine" running `node`, in `folder` when given, and waits for its Added line. */
async function addMine(folder?: string) {
  const api = apiWithMissingFolder();
  renderApp(api);
  fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'mine' } });
  fireEvent.change(within(dialog).getByLabelText(/^Command/), { target: { value: 'node' } });
  if (folder !== undefined) fireEvent.change(within(dialog).getByLabelText(/^Folder/), { target: { value: folder } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
  await screen.findByText(/^Added mine\./);
  return api;
}

describe('adding a custom service whose Folder does not exist', () => {
  it('adds it, and says after the add that it cannot start until the folder exists', async () => {
    const api = await addMine('/home/me/no-such-folder');
    expect(await screen.findByText(/^\/home\/me\/no-such-folder does not exist \(yet\): the server cannot start until it does/)).toBeTruthy();
    expect(api.callsOf('addServer')).toHaveLength(1);
  });

  it('says nothing more when the folder is there', async () => {
    await addMine();
    expect(screen.queryByText(/does not exist/)).toBeNull();
  });
});
