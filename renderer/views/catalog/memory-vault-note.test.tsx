// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const noServers = () => createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [] }) });

// A new user adding Filesystem was told "secrets and sign-ins entered here are kept until the app
// stops" in a dialog that asks for neither: the warning is for the entries that store something.
describe('the memory-only vault note in the catalog add dialog (the fake core is memory-only)', () => {
  it('is not shown for an entry that asks for no secret or sign-in', async () => {
    renderApp(noServers());
    fireEvent.click(await screen.findByRole('button', { name: 'Add Filesystem (reference)' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Filesystem (reference)' });
    expect(within(dialog).getByText('Read and write files inside the folders you allow.')).toBeTruthy();
    expect(within(dialog).queryByText(/vault is memory-only/)).toBeNull();
  });

  it('is shown for a sign-in, an API key and a token a program reads', async () => {
    for (const name of ['Linear', 'GitHub', 'Slack (reference)']) {
      renderApp(noServers());
      fireEvent.click(await screen.findByRole('button', { name: `Add ${name}` }));
      expect(await within(screen.getByRole('dialog', { name: `Add ${name}` })).findByText(/vault is memory-only/), name).toBeTruthy();
      cleanup();
    }
  });
});
