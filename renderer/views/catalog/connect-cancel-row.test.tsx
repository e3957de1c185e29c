// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const WEB = serverStatus({ name: 'web', transport: 'stdio', approval: 'approved', state: 'stopped' });

describe("a service's row while it connects", () => {
  it('offers Cancel, which stops the start under way and leaves no error and no Connecting…', async () => {
    let fail: (error: Error) => void = () => undefined;
    const fake = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [WEB] }),
      connect: () => new Promise<ServerStatus>((_resolve, reject) => { fail = reject; }),
      stopServer: () => {
        // The pool fails the start it stopped (map-error.ts stoppedWhileStarting).
        act(() => fail(new CodedError('server_unavailable', '"web" was stopped while starting', { hint: 'start it again' })));
        return Promise.resolve({ ...WEB, state: 'stopped' });
      },
    });
    renderApp(fake);
    await screen.findByRole('link', { name: 'web' });
    const row = screen.getByRole('listitem', { name: 'web' });
    fireEvent.click(within(row).getByRole('button', { name: /^Connect/ }));
    expect((await within(row).findByRole('status')).textContent).toBe('Connecting…');
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel connecting web' }));
    await waitFor(() => expect(fake.callsOf('stopServer')).toEqual([{ name: 'web' }]));
    await waitFor(() => expect(within(row).queryByText('Connecting…')).toBeNull());
    expect(within(row).queryByRole('button', { name: 'Cancel connecting web' })).toBeNull();
    expect(within(row).queryByText(/stopped while starting/)).toBeNull();
  });
});
