// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, failedConnectApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const LINE = 'npx -y @modelcontextprotocol/server-everything stdio';

describe("the catalog's Connect sheet, cancelled before anything is added", () => {
  it("gives the focus back to the entry's Add button (the form that led there is gone)", async () => {
    const api = createFakeApi({
      addService: () => ({ commandLine: LINE, needsApproval: true, steps: [] }),
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything' })] }),
    });
    renderApp(api);
    const add = await screen.findByRole('button', { name: 'Add Everything (reference)' });
    add.focus();
    fireEvent.click(add);
    const dialog = screen.getByRole('dialog', { name: 'Add Everything (reference)' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect everything-2' });
    await within(sheet).findByRole('group', { name: 'What you approve' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Everything (reference)' })));
  });
});

describe("the catalog's Connect sheet, cancelled after its connect failed", () => {
  it('gives the focus to the service it kept, whose entry no longer has the Add button pressed', async () => {
    const api = failedConnectApi(LINE);
    renderApp(api);
    const add = await screen.findByRole('button', { name: 'Add Everything (reference)' });
    add.focus();
    fireEvent.click(add);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Add Everything (reference)' })).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect everything' });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Approve and connect' }));
    await within(sheet).findByText(/could not start/);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'everything' }).contains(document.activeElement)).toBe(true), { timeout: 3_000 });
  });
});
