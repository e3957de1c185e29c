// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

/** True when the browser would ask "Leave site?" before a reload or a close. */
const leavingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

const REMOTE = { type: 'http' as const, url: 'https://api.example.com/mcp', auth: { type: 'api_key' as const } };

function remoteApi() {
  const remote = serverStatus({ name: 'remote', transport: 'http' });
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [remote] }),
    serverConfig: () => ({ name: 'remote', config: REMOTE }),
    updateServer: () => remote,
    setSecret: () => ({ ok: true }),
    restartServer: () => remote,
  });
}

async function review(change: (edit: HTMLElement) => void): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit remote' }));
  const edit = await screen.findByRole('dialog', { name: 'Edit remote' });
  await within(edit).findByRole('group', { name: 'Settings of remote' });
  change(edit);
  fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
  await within(edit).findByRole('heading', { name: 'Changes to remote' });
  return edit;
}

describe('editing a service: restarted only when what it runs or holds changes', () => {
  it('a description only: Save, and no restart; until saved, leaving the page asks first', async () => {
    const api = remoteApi();
    renderApp(api, { hash: '#/services/remote' });
    const edit = await review((dialog) => {
      expect(leavingAsks()).toBe(false);
      fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'The team API' } });
    });
    // Reviewed is not saved: leaving the page asks first.
    expect(leavingAsks()).toBe(true);
    expect(within(edit).queryByRole('button', { name: 'Save and restart' })).toBeNull();
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsOf('updateServer')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit remote' })).toBeNull());
    expect(leavingAsks()).toBe(false);
    expect(api.callsOf('restartServer')).toEqual([]);
  });

  it('a new API key: Save and restart, the key stored first, then the restart that hands it over', async () => {
    const api = remoteApi();
    renderApp(api, { hash: '#/services/remote' });
    const edit = await review((dialog) => fireEvent.change(within(dialog).getByLabelText(/API key/), { target: { value: 'sk-new-key-0123456789' } }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save and restart' }));
    await waitFor(() => expect(api.callsOf('restartServer')).toEqual([{ name: 'remote' }]));
    expect(api.calls.map((c) => c.method).filter((m) => ['setSecret', 'updateServer', 'restartServer'].includes(m))).toEqual(['setSecret', 'updateServer', 'restartServer']);
  });
});

describe('a change saved whose restart fails', () => {
  it('says it was saved and why the service did not start, offers no second Save, and closes without asking to discard', async () => {
    const remote = serverStatus({ name: 'remote', transport: 'http' });
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [remote] }),
      serverConfig: () => ({ name: 'remote', config: REMOTE }),
      updateServer: () => remote,
      restartServer: () => {
        throw Object.assign(new Error('could not reach "remote" at https://api.example.org/mcp (ECONNREFUSED): nothing answers there'), { code: 'server_unavailable' });
      },
    });
    renderApp(api, { hash: '#/services/remote' });
    const edit = await review((dialog) => fireEvent.change(within(dialog).getByLabelText(/^URL/), { target: { value: 'https://api.example.org/mcp' } }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save and restart' }));
    const saved = await within(edit).findByRole('status');
    expect(saved.textContent).toBe('Saved: mcp.json holds the change. remote did not start with it:');
    expect(within(edit).getByRole('alert').textContent).toContain('nothing answers there');
    expect(within(edit).queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(api.callsOf('updateServer')).toHaveLength(1);
    expect(leavingAsks()).toBe(false);
    fireEvent.click(within(edit).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit remote' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: /Discard/ })).toBeNull();
  });
});

describe('closing the Edit dialog', () => {
  const escape = (dialog: HTMLElement) => fireEvent(dialog, new Event('cancel', { cancelable: true }));
  const opened = async (): Promise<{ opener: HTMLElement; edit: HTMLElement }> => {
    const opener = await screen.findByRole('button', { name: 'Edit remote' });
    opener.focus();
    fireEvent.click(opener);
    const edit = await screen.findByRole('dialog', { name: 'Edit remote' });
    await within(edit).findByRole('group', { name: 'Settings of remote' });
    return { opener, edit };
  };

  it('without changes, Escape closes at once, focus back on Edit', async () => {
    renderApp(remoteApi(), { hash: '#/services/remote' });
    const { opener, edit } = await opened();
    escape(edit);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit remote' })).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('with a change typed, Escape and Cancel ask "Discard your changes?", in the form and in the review', async () => {
    const api = remoteApi();
    renderApp(api, { hash: '#/services/remote' });
    const { opener, edit } = await opened();
    const description = within(edit).getByLabelText('Description');
    fireEvent.change(description, { target: { value: 'The team API' } });
    description.focus();
    escape(edit);
    const ask = within(edit).getByRole('group', { name: /Discard your changes\?/ });
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep editing' }));
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(document.activeElement).toBe(description);
    expect((description as HTMLInputElement).value).toBe('The team API');

    fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
    await within(edit).findByRole('heading', { name: 'Changes to remote' });
    fireEvent.click(within(edit).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit remote' })).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(api.callsOf('updateServer')).toEqual([]);
  });
});

describe('the Edit dialog while it saves', () => {
  const escape = (dialog: HTMLElement) => fireEvent(dialog, new Event('cancel', { cancelable: true }));

  /** A save the test ends by hand: nothing about it depends on timing. */
  function heldSave() {
    let end: (failure?: Error) => void = () => undefined;
    const remote = serverStatus({ name: 'remote', transport: 'http' });
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [remote] }),
      serverConfig: () => ({ name: 'remote', config: REMOTE }),
      updateServer: () =>
        new Promise((resolve, reject) => {
          end = (failure) => (failure ? reject(failure) : resolve(remote));
        }),
      restartServer: () => remote,
    });
    return { api, end: (failure?: Error) => end(failure) };
  }

  async function saving(api: ReturnType<typeof createFakeApi>): Promise<HTMLElement> {
    renderApp(api, { hash: '#/services/remote' });
    const edit = await review((dialog) => fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'The team API' } }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsOf('updateServer')).toHaveLength(1));
    await within(edit).findByRole('button', { name: 'Saving…' });
    // Escape, Close, Cancel and the browser's own close (a second Escape) all wait for the save.
    escape(edit);
    fireEvent.click(within(edit).getByRole('button', { name: 'Close “Edit remote”' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Cancel' }));
    fireEvent(edit, new Event('close'));
    expect(screen.getByRole('dialog', { name: 'Edit remote' })).toBe(edit);
    expect(within(edit).queryByRole('group', { name: /Discard your changes\?/ })).toBeNull();
    return edit;
  }

  it('stays open through Escape and Close, and shows a failed save in place', async () => {
    const { api, end } = heldSave();
    const edit = await saving(api);
    end(new Error('The service refused the change'));
    expect((await within(edit).findByRole('alert')).textContent).toContain('The service refused the change');
    expect(within(edit).getByRole('button', { name: 'Save' })).toBeTruthy();
    // The save over, Escape closes again (asking first: the edits are not saved).
    escape(edit);
    expect(within(edit).getByRole('group', { name: /Discard your changes\?/ })).toBeTruthy();
  });

  it('closes once the save is done', async () => {
    const { api, end } = heldSave();
    await saving(api);
    end();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit remote' })).toBeNull());
  });
});

// A screens review: a save's error stayed on the form after Back to the form and a change.
describe("a save's error after the form changes", () => {
  it('goes once the person edits the form again', async () => {
    const remote = serverStatus({ name: 'remote', transport: 'http' });
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [remote] }),
      serverConfig: () => ({ name: 'remote', config: REMOTE }),
      updateServer: () => {
        throw Object.assign(new Error('the team API refused the description'), { code: 'invalid_input' });
      },
    });
    renderApp(api, { hash: '#/services/remote' });
    const edit = await review((dialog) => fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'one' } }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect((await within(edit).findByRole('alert')).textContent).toContain('refused the description');
    fireEvent.click(within(edit).getByRole('button', { name: 'Back to the form' }));
    fireEvent.change(await within(edit).findByLabelText('Description'), { target: { value: 'two' } });
    await waitFor(() => expect(within(edit).queryByRole('alert')).toBeNull());
  });
});

describe('editing a service: the keyboard keeps its place between the form and its review', () => {
  it('Review changes hands the focus to the changes, Back to the form to its Review changes button', async () => {
    renderApp(remoteApi(), { hash: '#/services/remote' });
    const edit = await review((dialog) => fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'The team API' } }));
    expect(document.activeElement).toBe(within(edit).getByRole('heading', { name: 'Changes to remote' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Back to the form' }));
    await waitFor(() => expect(document.activeElement).toBe(within(edit).getByRole('button', { name: 'Review changes' })));
    // The edit is kept.
    expect(within(edit).getByLabelText<HTMLInputElement>('Description').value).toBe('The team API');
  });
});
