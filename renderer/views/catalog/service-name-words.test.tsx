// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const addCustom = async (name: string, taken: readonly string[] = []) => {
  const api = createFakeApi({ addServer: () => ({ ok: true }), ...(taken.length > 0 ? { status: async () => ({ ...(await createFakeApi().status({})), servers: taken.map((n) => serverStatus({ name: n })) }) } : {}) });
  renderApp(api);
  fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: name } });
  fireEvent.change(within(dialog).getByLabelText(/^Command/), { target: { value: 'npx' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
  return { api, dialog };
};

// "my notes" got the rule only; the command line offers "my-notes", and says a-z only for an accent.
describe('adding a service whose name the rule refuses', () => {
  it('offers a name that would do', async () => {
    const { api, dialog } = await addCustom('my notes');
    expect(await within(dialog).findByText('Use 1-48 letters, digits, "_" or "-", starting with a letter or digit. For example: my-notes')).toBeTruthy();
    expect(api.callsOf('addServer')).toHaveLength(0);
  });

  it('says letters a-z only when the name has an accent', async () => {
    const { dialog } = await addCustom('café');
    expect(
      await within(dialog).findByText('Use 1-48 letters, digits, "_" or "-", starting with a letter or digit (letters a-z and A-Z only: no accents or other scripts). For example: cafe'),
    ).toBeTruthy();
  });

  // The screens call them services; "already a server" named a thing they never show.
  it('names a taken look-alike as a service', async () => {
    const { dialog } = await addCustom('everythíng', ['everything']);
    expect(await within(dialog).findByText(/\. It looks like "everything", which is already a service; pick another name$/)).toBeTruthy();
  });
});

// The core refused it as "url: has a space…" in a banner at the top; the field is where the person looks.
describe('adding a remote service whose address has a space in it', () => {
  it('says so under the URL field, with the form to write, and sends nothing', async () => {
    const api = createFakeApi({ addServer: () => ({ ok: true }) });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'spaced' } });
    fireEvent.click(within(dialog).getByLabelText('A remote service at a URL (Streamable HTTP)'));
    fireEvent.change(await within(dialog).findByLabelText(/^URL/), { target: { value: 'https://a.example.com/my mcp' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(await within(dialog).findByText(/^This address has a space or line break in it.*did you mean https:\/\/a\.example\.com\/my%20mcp\?$/)).toBeTruthy();
    expect(api.callsOf('addServer')).toHaveLength(0);
  });
});
