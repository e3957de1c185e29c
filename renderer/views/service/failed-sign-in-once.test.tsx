// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const WHY = '"h" publishes no protected resource metadata naming an authorization server (http://127.0.0.1:1/.well-known/oauth-protected-resource: HTTP 404).';
const H = serverStatus({
  name: 'h',
  transport: 'http',
  url: 'http://127.0.0.1:1/mcp',
  state: 'needs_auth',
  approval: 'approved',
  lastError: { code: 'auth_required', message: '"h" needs authorization (it is not connected yet).', hint: 'run `connected-services connect h` (or press "Sign in with the browser" or "Sign in with a code" on its page in the app)' },
});

// The failure of a sign-in was told three times on the service page (the note under the title, the
// same note in the Sign-in card, the pressed button's error), beside "has not asked for a sign-in".
describe('a failed sign-in on the service page', () => {
  it('is told once, the card says a sign-in is asked for, and the hint names the buttons there are', async () => {
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [H] }),
      listSignIns: () => [],
      // The answer comes before the sign-in's event, as it may over the wire.
      connect: () => Promise.reject(new CodedError('auth_required', WHY)),
    });
    renderApp(api, { hash: '#/services/h' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with the browser' }));
    await waitFor(() => expect(api.callsOf('connect')).toEqual([{ name: 'h', flow: 'browser', signIn: true }]));
    await waitFor(() => expect(document.body.textContent).toContain(WHY));
    act(() => api.emit('signIn', { server: 'h', flow: 'browser', state: 'failed', message: WHY, startedAt: Date.now() }));
    await waitFor(() => expect(document.querySelectorAll('[data-sign-in-state="failed"]').length).toBe(1));
    expect(document.body.textContent.split(WHY).length - 1).toBe(1);
    expect(document.body.textContent).not.toContain('has not asked for a sign-in');
    expect(document.body.textContent).toContain('Not signed in: it asks for a sign-in.');
    expect(document.body.textContent).not.toContain('press Connect');
    expect(document.body.textContent).toContain('Sign in with “Sign in with the browser” or “Sign in with a code” under Sign-in.');
  });
});
