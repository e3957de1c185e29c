// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const TAKEN = 'A service with this name already exists; choose another.';

async function customDialog() {
  const api = createFakeApi({ addServer: () => ({ ok: true }), status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'notes' })] }) });
  renderApp(api);
  fireEvent.click(await screen.findByRole('button', { name: 'Add custom service' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a custom service' });
  const name = within(dialog).getByLabelText<HTMLInputElement>(/^Name/);
  return { api, dialog, name };
}

/** What the field's aria-describedby reads out. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('a taken name on the Add a custom service form', () => {
  it('is said under the name field as it is typed, before any submit', async () => {
    const { dialog, name } = await customDialog();
    fireEvent.change(name, { target: { value: 'notes' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(name)).toContain(TAKEN);
    expect(within(dialog).getAllByText(TAKEN)).toHaveLength(1);
  });

  it('goes once the name is free again', async () => {
    const { dialog, name } = await customDialog();
    fireEvent.change(name, { target: { value: 'notes' } });
    await within(dialog).findByText(TAKEN);
    fireEvent.change(name, { target: { value: 'notes-2' } });
    await waitFor(() => expect(within(dialog).queryByText(TAKEN)).toBeNull());
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('still stops the submit, said once, and the core is not asked', async () => {
    const { api, dialog, name } = await customDialog();
    fireEvent.change(name, { target: { value: 'notes' } });
    fireEvent.change(within(dialog).getByLabelText(/^Command/), { target: { value: 'npx' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    await within(dialog).findByText(TAKEN);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(within(dialog).getAllByText(TAKEN)).toHaveLength(1);
    expect(api.callsOf('addServer')).toHaveLength(0);
  });
});

// The catalog's form holds its own data (the dialog gets no formData): the check reads what is typed all the same.
describe('a taken name on a catalog entry’s Add form', () => {
  it('is said under the name field as it is typed', async () => {
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything' })] }) });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Filesystem (reference)' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Filesystem (reference)' });
    const name = within(dialog).getByLabelText<HTMLInputElement>(/^Name/);
    fireEvent.change(name, { target: { value: 'everything' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(name)).toContain(TAKEN);
  });
});
