// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const MAIL = serverStatus({ name: 'mail', transport: 'http', url: 'https://mail.example/mcp', approval: 'not_needed', state: 'needs_auth', auth: { connected: false } });

function api() {
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [MAIL] }),
    // The pool's words for refused credentials (map-error.ts).
    connect: () => Promise.reject(new CodedError('auth_required', '"mail" refused the credentials (HTTP 401)', { hint: 'run `connected-services connect mail`' })),
  });
}

describe('a sign-in that failed from a service\'s step button', () => {
  it('names the row\'s button in its hint, not the command', async () => {
    renderApp(api());
    const row = await screen.findByRole('listitem', { name: 'mail' });
    fireEvent.click(within(row).getByRole('button', { name: 'Sign in to mail' }));
    const alert = await within(row).findByRole('alert');
    expect(alert.textContent).toContain('Use “Sign in”');
    expect(alert.textContent).not.toContain('connected-services');
  });

  it('names the button beside it at the top of the service\'s page', async () => {
    renderApp(api(), { hash: '#/services/mail/tools' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to mail' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Use “Sign in”');
  });
});

describe('a sign-in that failed from the Sign-in section of a service\'s page', () => {
  it('names that section\'s buttons in its hint, not the command', async () => {
    const mail = serverStatus({ name: 'mail', transport: 'http', state: 'ready', auth: { connected: true, kind: 'oauth', issuer: 'https://as.example', refreshable: true } });
    const fake = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [mail] }),
      connect: () => Promise.reject(new CodedError('auth_required', '"mail" needs authorization', { hint: 'run `connected-services connect mail`' })),
    });
    renderApp(fake, { hash: '#/services/mail' });
    const section = await screen.findByRole('region', { name: 'Sign-in' });
    fireEvent.click(within(section).getByRole('button', { name: 'Sign in with the browser' }));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Use “Sign in with the browser” or “Sign in with a code”');
  });
});
