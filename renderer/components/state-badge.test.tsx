// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerStatus } from '../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../test/support/renderer';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PAGE = 'https://as.example.com/errors/invalid_grant';
const NAME = "Why notes stopped: the authorization server's page";

/** A server whose refresh the authorization server refused, naming a page about the error (as the core passes it on). */
function refused(errorUri: unknown, state: ServerStatus['state'] = 'needs_auth'): ServerStatus {
  return serverStatus({
    name: 'notes',
    transport: 'http',
    url: 'https://notes.example.com/mcp',
    state,
    auth: { connected: false, kind: 'oauth' },
    lastError: {
      code: 'auth_required',
      message: '"notes" needs a new sign-in: the authorization server no longer accepts its refresh token (invalid_grant)',
      hint: `Run \`connected-services connect notes\`; the authorization server explains this error at ${String(errorUri)}.`,
      data: { server: 'notes', oauthError: 'invalid_grant', errorUri },
    },
  });
}

function show(status: ServerStatus) {
  const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [status] }), openLink: () => ({ ok: true }) });
  renderApp(api, { hash: '#/' });
  return api;
}

const row = () => screen.getByRole('listitem', { name: 'notes' });

describe("a server's state badge links the authorization server's page about a refused refresh", () => {
  it('beside the badge, opened through the core only when clicked', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const api = show(refused(PAGE));
    const link = await screen.findByRole('link', { name: NAME });
    expect(link.getAttribute('href')).toBe(PAGE);
    expect(link.closest('.row-state')?.querySelector('[data-state="needs_auth"]')).not.toBeNull();
    expect(api.callsOf('openLink')).toEqual([]);
    fireEvent.click(link);
    await waitFor(() => expect(opened).toHaveBeenCalledWith(PAGE, '_blank', 'noopener,noreferrer'));
    expect(api.callsOf('openLink')).toEqual([{ url: PAGE, server: 'notes', checkOnly: true }]);
  });

  it('no link for a page that is no https address of a public name, nor for anything but a string', async () => {
    for (const uri of ['javascript:alert(1)', 'http://as.example.com/errors', 'https://127.0.0.1/errors', 'https://localhost/x', 42]) {
      show(refused(uri));
      await waitFor(() => expect(row().querySelector('[data-state="needs_auth"]')).not.toBeNull());
      expect(within(row()).queryByRole('link', { name: NAME }), String(uri)).toBeNull();
      cleanup();
    }
  });

  it('no link once the server is past the error', async () => {
    show(refused(PAGE, 'ready'));
    await waitFor(() => expect(row().querySelector('[data-state="ready"]')).not.toBeNull());
    expect(within(row()).queryByRole('link', { name: NAME })).toBeNull();
  });
});
