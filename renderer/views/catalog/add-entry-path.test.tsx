// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

// A relative folder went on to the connect sheet and would have run the server on the app's folder.
describe("the catalog add dialog's path field", () => {
  it('says at the field to give the whole path, and goes no further', async () => {
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [] }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Filesystem (reference)' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Filesystem (reference)' });
    fireEvent.change(within(dialog).getByLabelText(/Allowed folder/), { target: { value: 'notes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Give the whole path, e.g. /home/you/notes (~ is not expanded here).')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Connect filesystem' })).toBeNull();
  });
});
