// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

describe('signing in again on a service already signed in', () => {
  it.each([
    ['Sign in with the browser', { name: 'mail', flow: 'browser', signIn: true }],
    ['Sign in with a code', { name: 'mail', flow: 'device', signIn: true }],
  ])('"%s" asks the core for a fresh sign-in, not a start', async (button, call) => {
    const mail = serverStatus({ name: 'mail', transport: 'http', state: 'ready', auth: { connected: true, kind: 'oauth', issuer: 'https://as.example', refreshable: true } });
    const fake = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [mail] }),
      connect: () => Promise.resolve(mail),
    });
    renderApp(fake, { hash: '#/services/mail' });
    const section = await screen.findByRole('region', { name: 'Sign-in' });
    fireEvent.click(within(section).getByRole('button', { name: button }));
    await waitFor(() => expect(fake.callsOf('connect')).toEqual([call]));
  });
});
