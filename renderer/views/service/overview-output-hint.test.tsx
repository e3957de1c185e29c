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
    expect(hint.textContent).toBe("See what it printed on the service's Logs tab; run connected-services doctor");
    expect(describeError(ENDED).hint).toBe("See what it printed on the service's Logs tab; run `connected-services doctor`");
    // Any other hint as the core wrote it.
    expect(describeError({ ...ENDED, hint: 'check that its command runs' }).hint).toBe('check that its command runs');
  });
});
