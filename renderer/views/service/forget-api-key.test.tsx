// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const keyed = serverStatus({ name: 'keyed', transport: 'http', state: 'ready', auth: { connected: true, kind: 'api_key' } });
const forgotten: ServerStatus = { ...keyed, state: 'stopped', auth: { connected: false, kind: 'api_key' } };

async function forget(answer: ServerStatus & { forgotApiKey?: boolean }) {
  const fake = createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [keyed] }),
    disconnect: () => Promise.resolve(answer),
  });
  renderApp(fake, { hash: '#/services/keyed' });
  const section = await screen.findByRole('region', { name: 'Sign-in' });
  expect(within(section).queryByRole('button', { name: 'Sign out and revoke' })).toBeNull();
  fireEvent.click(within(section).getByRole('button', { name: 'Forget the API key' }));
  const dialog = await screen.findByRole('dialog', { name: 'Forget the API key of keyed' });
  expect(fake.callsOf('disconnect')).toEqual([]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Forget the API key' }));
  await waitFor(() => expect(fake.callsOf('disconnect')).toEqual([{ name: 'keyed', revoke: true }]));
  return section;
}

describe("an API-key service's Sign-in section", () => {
  it('offers "Forget the API key", asks first, then revokes; never the OAuth sign-out', async () => {
    const section = await forget(forgotten);
    // Still an API-key service after: it asks for a key, not for a browser sign-in.
    await within(section).findByRole('button', { name: 'Enter API key for keyed' });
    expect(within(section).queryByRole('button', { name: 'Sign in with the browser' })).toBeNull();
  });

  it('says the key was deleted here and is revoked where it was issued, as the CLI does', async () => {
    const section = await forget({ ...forgotten, forgotApiKey: true });
    const told = await within(section).findByRole('status');
    expect(told.textContent).toContain('Disconnected keyed and deleted its API key from the vault (an API key cannot be revoked here: revoke it where it was issued).');
    expect(told.className).toContain('note-ok');
  });

  it('says so when no key of its own was deleted: a shared secret or the environment still holds it', async () => {
    const section = await forget(forgotten);
    const told = await within(section).findByRole('status');
    expect(told.textContent).toContain('Disconnected keyed: it has no API key kept for it alone to delete');
    expect(told.className).toContain('note-warn');
    fireEvent.click(within(told).getByRole('button', { name: 'Dismiss' }));
    expect(within(section).queryByRole('status')).toBeNull();
  });
});
