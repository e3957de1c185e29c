// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodedError } from '../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../test/support/renderer';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function apiWithAddress(url: string, refuse: boolean) {
  const remote = serverStatus({ name: 'remote', transport: 'http', url });
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [remote] }),
    openLink: () => {
      if (refuse) throw new CodedError('denied', 'This link was not opened: localtest.me resolves to 127.0.0.1: it points at this computer');
      return { ok: true };
    },
  });
}

// The web UI here (no preload): the core checks the link, then the page opens it in a tab.
describe('a link the person clicks is checked by the core first', () => {
  it('a refused link opens nothing and says why beside it', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const api = apiWithAddress('https://localtest.me:8443/mcp', true);
    renderApp(api, { hash: '#/services/remote' });
    fireEvent.click(await screen.findByRole('link', { name: 'https://localtest.me:8443/mcp' }));
    expect((await screen.findByRole('alert')).textContent).toContain('localtest.me resolves to 127.0.0.1');
    expect(api.callsOf('openLink')).toEqual([{ url: 'https://localtest.me:8443/mcp', server: 'remote', checkOnly: true }]);
    expect(opened).not.toHaveBeenCalled();
  });

  it('an accepted one opens once checked; a middle click goes the same way', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const api = apiWithAddress('https://api.example.com/mcp', false);
    renderApp(api, { hash: '#/services/remote' });
    const link = await screen.findByRole('link', { name: 'https://api.example.com/mcp' });
    fireEvent.click(link);
    await waitFor(() => expect(opened).toHaveBeenCalledWith('https://api.example.com/mcp', '_blank', 'noopener,noreferrer'));
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(2));
    expect(api.callsOf('openLink')).toHaveLength(2);
  });
});
