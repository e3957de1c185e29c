// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignInProgress } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const NOW = Date.now();
const ADDRESS = 'https://id.example.com/authorize?client_id=app&state=abc';
const NOTES = serverStatus({ name: 'notes', transport: 'http', url: 'https://notes.example.com/mcp', state: 'idle', approval: 'not_needed', auth: { connected: false, kind: 'oauth' } });

function waiting(patch: Partial<SignInProgress> = {}): SignInProgress {
  return { server: 'notes', flow: 'browser', state: 'waiting', url: ADDRESS, startedAt: NOW, expiresAt: NOW + 5 * 60_000, ...patch };
}

function setup(signIns: SignInProgress[] = []) {
  const api = createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [NOTES] }),
    listSignIns: () => signIns,
    connect: () => new Promise(() => undefined),
    cancelLogin: () => ({ ok: true }),
  });
  renderApp(api, { hash: '#/' });
  return api;
}

const row = () => screen.getByRole('listitem', { name: 'notes' });

describe('a browser sign-in that never dead-ends', () => {
  it('shows the sign-in address with Open and Copy, and how long the app waits, once the core has it', async () => {
    const api = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to notes' }));
    await waitFor(() => expect(api.callsOf('connect')).toEqual([{ name: 'notes' }]));
    act(() => api.emit('signIn', waiting()));
    const panel = within(row()).getByRole('group', { name: 'Sign-in to notes' });
    expect(within(panel).getByLabelText('Sign-in address of notes').textContent).toBe(ADDRESS);
    expect(within(panel).getByRole('link', { name: 'Open the sign-in page of notes' }).getAttribute('href')).toBe(ADDRESS);
    expect(within(panel).getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(within(panel).getByRole('timer').textContent).toMatch(/waits for the sign-in until \d\d:\d\d \(in 5 min\)/);
    // While it waits, no second "Sign in" competes with it.
    expect(within(row()).queryByRole('button', { name: 'Sign in to notes' })).toBeNull();
    // Cancel and Start again are two buttons of one kind: neither reads as a link beside the other.
    const cancel = within(panel).getByRole('button', { name: 'Cancel sign-in to notes' });
    const again = within(panel).getByRole('button', { name: 'Start again, the sign-in to notes' });
    expect(again.className).toBe(cancel.className);
  });

  it('never links an address the page finds unsafe', async () => {
    const api = setup();
    await screen.findByRole('button', { name: 'Sign in to notes' });
    act(() => api.emit('signIn', waiting({ url: 'javascript:alert(1)' })));
    const panel = within(row()).getByRole('group', { name: 'Sign-in to notes' });
    expect(within(panel).queryByRole('link')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Copy address' })).toBeNull();
    expect(panel.textContent).toContain('not a secure one');
  });

  it('finds a sign-in started before the page was opened, and cancels it', async () => {
    const api = setup([waiting()]);
    const cancel = await screen.findByRole('button', { name: 'Cancel sign-in to notes' });
    fireEvent.click(cancel);
    await waitFor(() => expect(api.callsOf('cancelLogin')).toEqual([{ name: 'notes' }]));
    act(() => api.emit('signIn', waiting({ state: 'cancelled' })));
    expect(within(row()).getByRole('status').textContent).toContain('The sign-in to notes was cancelled. Nothing was changed.');
  });

  it('starts again by replacing the one in progress, not by refusing', async () => {
    const api = setup([waiting()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Start again, the sign-in to notes' }));
    await waitFor(() => expect(api.callsOf('connect')).toEqual([{ name: 'notes', flow: 'browser', retry: true }]));
  });

  it('says in words when the wait ran out, and offers to sign in again', async () => {
    const api = setup([waiting({ state: 'expired', message: 'No answer from the browser sign-in within 300 s.' })]);
    const note = await waitFor(() => {
      const found = row().querySelector('[data-sign-in-state="expired"]');
      if (!found) throw new Error('no expired note yet');
      return found as HTMLElement;
    });
    expect(note.textContent).toContain('The sign-in to notes was not finished within 5 min, so the app stopped waiting.');
    fireEvent.click(within(note).getByRole('button', { name: 'Sign in again to notes' }));
    await waitFor(() => expect(api.callsOf('connect')).toEqual([{ name: 'notes', flow: 'browser', retry: true }]));
  });

  it('says an expired device code expired, not how many seconds it lived, and that Sign in again gets a new one', async () => {
    const api = setup([waiting({ flow: 'device', state: 'expired', url: 'https://id.example.com/device', expiresAt: NOW + 13_000, message: 'The device code for "notes" expired before it was approved.' })]);
    const note = await waitFor(() => {
      const found = row().querySelector('[data-sign-in-state="expired"]');
      if (!found) throw new Error('no expired note yet');
      return found as HTMLElement;
    });
    expect(note.textContent).toContain('The code for notes expired before it was entered, so the app stopped waiting. Nothing was changed. Press “Sign in again” for a new code.');
    expect(note.textContent).not.toContain('13 s');
    fireEvent.click(within(note).getByRole('button', { name: 'Sign in again to notes' }));
    await waitFor(() => expect(api.callsOf('connect')).toEqual([{ name: 'notes', flow: 'device', retry: true }]));
  });

  it('links the authorization server\'s page about its error, and opens nothing by itself', async () => {
    const page = 'https://id.example.com/errors/invalid_scope';
    const api = setup([waiting({ state: 'failed', message: 'The authorization server answered invalid_scope.', errorUri: page })]);
    const link = await screen.findByRole('link', { name: page });
    expect(link.getAttribute('href')).toBe(page);
    expect(link.closest('[data-sign-in-state="failed"]')?.textContent).toContain('The authorization server explains this error at');
    expect(api.callsOf('openLink')).toEqual([]);
  });

  it('shows an error page on no secure address as text, never as a link', async () => {
    setup([waiting({ state: 'failed', message: 'The authorization server answered invalid_scope.', errorUri: 'http://id.example.com/errors' })]);
    const note = await waitFor(() => {
      const found = row().querySelector('[data-sign-in-state="failed"]');
      if (!found) throw new Error('no failed note yet');
      return found as HTMLElement;
    });
    expect(note.textContent).toContain('explains this error at http://id.example.com/errors');
    expect(within(note).queryByRole('link')).toBeNull();
  });
});

describe('an API key entered in the app', () => {
  it('asks for the key in a masked field that has the focus, stores it through setApiKey and connects', async () => {
    const keyed = serverStatus({ name: 'search', transport: 'http', url: 'https://search.example.com/mcp', state: 'needs_auth', approval: 'not_needed', auth: { connected: false, kind: 'api_key' } });
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [keyed] }),
      setApiKey: () => ({ ok: true }),
      connect: () => ({ ...keyed, state: 'ready', auth: { connected: true, kind: 'api_key' } }),
    });
    renderApp(api, { hash: '#/' });
    const opener = await screen.findByRole('button', { name: 'Enter API key for search' });
    expect(within(screen.getByRole('listitem', { name: 'search' })).queryByRole('button', { name: /Sign in/ })).toBeNull();
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'API key for search' });
    const field = within(dialog).getByLabelText('API key');
    expect(field.getAttribute('type')).toBe('password');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'sk-live-123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Store and connect' }));
    await waitFor(() => expect(api.callsOf('setApiKey')).toEqual([{ name: 'search', value: 'sk-live-123' }]));
    await waitFor(() => expect(api.callsOf('connect')).toEqual([{ name: 'search' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Its button is gone (the key works now): focus goes to the service's name in its row, not to the page.
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'search' }));
  });
});
