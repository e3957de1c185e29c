// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

function show(auth: boolean): void {
  const api = createFakeApi({
    status: async () => ({
      ...(await createFakeApi().status({})),
      servers: [serverStatus({ name: 'gmail', transport: 'stdio', state: 'needs_auth', ...(auth ? { auth: { connected: false } } : {}) })],
    }),
    connect: () => new Promise(() => undefined),
  });
  renderApp(api, { hash: '#/login/gmail' });
}

describe('device sign-in for a program on this computer', () => {
  it('is offered when its entry has an "auth" block', async () => {
    show(true);
    expect(await screen.findByRole('button', { name: 'Sign in with a code' })).toBeTruthy();
  });

  it('is not offered when the program keeps its own credentials', async () => {
    show(false);
    expect(await screen.findByText('gmail runs as a program on this computer; it does not sign in.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with a code' })).toBeNull();
  });
});
