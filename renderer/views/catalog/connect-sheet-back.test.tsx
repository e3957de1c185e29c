// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../../shared/api';
import { createFakeApi, failedConnectApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const LINE = 'npx -y @modelcontextprotocol/server-everything stdio';

// "Try again" ran what had just failed, unchanged: a wrong name or value could only be fixed by
// cancelling and typing the whole form again.
describe("the catalog's Connect sheet, after a connect that kept nothing", () => {
  it('goes back to the form with what was typed, and connects what is changed there', async () => {
    const asked: Array<ApiInput<'addService'>> = [];
    const api = createFakeApi({
      addService: (input) => {
        asked.push(input);
        if (input.dryRun === true) return { commandLine: LINE, needsApproval: true, steps: [] };
        throw Object.assign(new Error(`"${input.name}" could not start`), { code: 'server_unavailable' });
      },
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'memory' })] }),
    });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Everything (reference)' }));
    const form = screen.getByRole('dialog', { name: 'Add Everything (reference)' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'mine' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect mine' });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Approve and connect' }));
    await within(sheet).findByText(/could not start/);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Change settings' }));

    const again = await screen.findByRole('dialog', { name: 'Add Everything (reference)' });
    const name = within(again).getByRole('textbox', { name: /Name/ });
    expect((name as HTMLInputElement).value).toBe('mine');
    fireEvent.change(name, { target: { value: 'mine-2' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Connect mine-2' });
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ name: 'mine-2', dryRun: true }));
  });

  it('offers no way back once the failed connect kept the service: it is changed on its page', async () => {
    const api = failedConnectApi(LINE);
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Everything (reference)' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Add Everything (reference)' })).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect everything' });
    expect(within(sheet).getByRole('button', { name: 'Change settings' })).toBeTruthy();
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Approve and connect' }));
    await within(sheet).findByText(/could not start/);
    await waitFor(() => expect(within(sheet).queryByRole('button', { name: 'Change settings' })).toBeNull());
  });
});

describe("the catalog's Connect sheet, before connecting", () => {
  it('says what the entry names that is not there, beside the consent, and not once it runs', async () => {
    const note = '/home/me/notez, among its arguments, does not exist (yet): if the server should find it there, check the path';
    const api = createFakeApi({
      addService: (input) => {
        if (input.dryRun === true) return { commandLine: LINE, needsApproval: true, steps: [], notes: [note] };
        throw Object.assign(new Error('"everything" could not start'), { code: 'server_unavailable' });
      },
    });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Everything (reference)' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Add Everything (reference)' })).getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: /^Connect everything/ });
    expect((await within(sheet).findByText(/notez, among its arguments/)).textContent).toBe(note);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Approve and connect' }));
    await within(sheet).findByText(/could not start/);
    expect(within(sheet).queryByText(/notez/)).toBeNull();
  });
});
