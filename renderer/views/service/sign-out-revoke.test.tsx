// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiOutput, ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const ISSUER = 'https://as.example';

function setUp(auth: NonNullable<ServerStatus['auth']>, answer: Partial<ApiOutput<'disconnect'>>) {
  const mail = serverStatus({ name: 'mail', transport: 'http', state: 'ready', auth });
  const stopped: ServerStatus = { ...mail, state: 'stopped', auth: { connected: false, kind: 'oauth' } };
  const fake = createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [mail] }),
    disconnect: () => Promise.resolve({ ...stopped, ...answer }),
  });
  renderApp(fake, { hash: '#/services/mail' });
  return fake;
}

async function signOut(fake: ReturnType<typeof createFakeApi>): Promise<{ dialogText: string; section: HTMLElement }> {
  const section = await screen.findByRole('region', { name: 'Sign-in' });
  fireEvent.click(within(section).getByRole('button', { name: 'Sign out and revoke' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign out of mail and revoke' });
  // Asked first: nothing is revoked by the click alone.
  expect(fake.callsOf('disconnect')).toEqual([]);
  const dialogText = dialog.textContent ?? '';
  fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out and revoke' }));
  await waitFor(() => expect(fake.callsOf('disconnect')).toEqual([{ name: 'mail', revoke: true }]));
  return { dialogText, section };
}

describe('"Sign out and revoke" on the service page', () => {
  it('asks first, saying what will be revoked where, then says it was revoked', async () => {
    const fake = setUp({ connected: true, kind: 'oauth', issuer: ISSUER }, { revoked: true });
    const { dialogText, section } = await signOut(fake);
    expect(dialogText).toContain(`The sign-in of mail is revoked at ${ISSUER}, then deleted here.`);
    expect(within(section).getByRole('status').textContent).toContain('Disconnected mail and revoked its tokens.');
  });

  it('names the services sharing the grant before, and after says the tokens were only deleted here', async () => {
    const fake = setUp({ connected: true, kind: 'oauth', issuer: ISSUER, sharesGrantWith: ['notes'] }, { revoked: false, grantSharedWith: ['notes'] });
    const { dialogText, section } = await signOut(fake);
    expect(dialogText).toContain(`The sign-in of mail is deleted here but not revoked at ${ISSUER}: notes is signed in with the same client`);
    const note = within(section).getByRole('status').textContent ?? '';
    expect(note).toContain('Disconnected mail: the tokens were deleted here but not revoked. notes is signed in with the same client');
    expect(note).toContain('notes keeps working. To end the grant, disconnect notes with revoke as well.');
  });

  it('says when the server has no revocation endpoint, or the revocation failed: the tokens deleted here anyway', async () => {
    const noEndpoint = `its authorization server offers no revocation endpoint; the grant may still be live at ${ISSUER}`;
    const fake = setUp({ connected: true, kind: 'oauth', issuer: ISSUER }, { revoked: false, revokeError: noEndpoint });
    const { section } = await signOut(fake);
    expect(within(section).getByRole('status').textContent).toContain(`Disconnected mail: the tokens were deleted here but not revoked: ${noEndpoint}.`);
    fireEvent.click(within(section).getByRole('button', { name: 'Dismiss' }));
    expect(within(section).queryByRole('status')).toBeNull();
  });
});
