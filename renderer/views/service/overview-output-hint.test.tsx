// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { describeError } from '../../lib';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const ENDED = {
  code: 'server_unavailable' as const,
  message: '"crashy" exited with code 1 while starting: Error: API_TOKEN is not set',
  hint: "check the server's output below; run `connected-services doctor`",
};

// The core's hint is the command line's, which prints the server's output below it: on a screen
// nothing is below, and the output is on the service's Logs tab.
describe("a server that ended after printing, on the screens", () => {
  it("points at the service's Logs tab, on its page and for a failed action", async () => {
    const status = serverStatus({ name: 'crashy', state: 'error', lastError: ENDED });
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [status] }) }), { hash: '#/services/crashy' });
    const hint = await screen.findByText((_, element) => element?.classList.contains('note-hint') === true);
    expect(hint.textContent).toBe("See what it printed on the service's Logs tab; see Settings → Checks");
    expect(describeError(ENDED).hint).toBe("See what it printed on the service's Logs tab; see Settings → Checks");
    // Any other hint as the core wrote it.
    expect(describeError({ ...ENDED, hint: 'check that its command runs' }).hint).toBe('check that its command runs');
  });
});

// Every error of a service signed in with a key used to say to enter the key, an address that does not answer too.
describe('a service signed in with an API key, on its page', () => {
  const page = async (lastError: { code: 'server_unavailable' | 'auth_required'; message: string; hint?: string }): Promise<string | null> => {
    const status = serverStatus({ name: 'remote1', transport: 'http', state: 'error', auth: { connected: true, kind: 'api_key' }, lastError });
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [status] }) }), { hash: '#/services/remote1' });
    return (await screen.findByText((_, element) => element?.classList.contains('note-hint') === true)).textContent;
  };

  it("gives the core's advice when the address does not answer", async () => {
    const hint = await page({ code: 'server_unavailable', message: 'could not reach "remote1" (ECONNREFUSED): nothing answers there', hint: 'check that the service runs at its address' });
    expect(hint).toBe('Check that the service runs at its address');
  });

  it('says to enter the key when the key is what failed', async () => {
    expect(await page({ code: 'auth_required', message: '"remote1" refused its key' })).toBe('Enter the key with “Enter API key” under Sign-in.');
  });
});
