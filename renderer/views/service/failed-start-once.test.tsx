// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const WHY = '"files" exited with code 1 while starting: Error: ENOENT: no such file or directory, stat \'/no/notes\'';

// Restart on a service's page failed: the header's note said why, and the Last error panel below said
// the same words again (with the badge, three times).
describe("a start that fails from the service's own page", () => {
  it('is said in full once, under Last error, and still beside the buttons on another tab', async () => {
    let current = serverStatus({ name: 'files', state: 'ready' });
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [current] }),
      restartServer: () => {
        current = serverStatus({ name: 'files', state: 'error', lastError: { code: 'server_unavailable', message: WHY } });
        throw Object.assign(new Error(WHY), { code: 'server_unavailable' });
      },
    });
    renderApp(api, { hash: '#/services/files' });
    fireEvent.click(await screen.findByRole('button', { name: 'Restart files' }));
    await screen.findByRole('heading', { name: 'Last error' });
    await waitFor(() => expect(screen.getAllByText(/no such file or directory/)).toHaveLength(1));
    // The Tools tab has no Last error panel: the note beside the buttons says it there.
    window.location.hash = screen.getByRole('link', { name: /^Tools/ }).getAttribute('href') ?? '';
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Last error' })).toBeNull());
    expect(screen.getAllByText(/no such file or directory/)).toHaveLength(1);
  });
});
