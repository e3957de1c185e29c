// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { ServersStore } from '../../state';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const SINCE = 1_800_000_000_000;
const KEYED = serverStatus({ name: 'search', transport: 'http', url: 'https://search.example.com/mcp', state: 'needs_auth', since: SINCE, approval: 'not_needed', auth: { connected: false, kind: 'api_key' } });
/** Announced before the connect answered (the key stored, the service not yet started again), delivered late. */
const STALE: ServerStatus = { ...KEYED, since: SINCE + 1 };
const READY: ServerStatus = { ...KEYED, state: 'ready', since: SINCE + 2, auth: { connected: true, kind: 'api_key' } };

/** Lets the dialog's own continuation (the answer taken in, the dialog told to close) run; no time passes. */
const drained = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function setUp() {
  let truth = KEYED;
  let answer: (status: ServerStatus) => void = () => undefined;
  const api = createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [truth] }),
    setApiKey: () => ({ ok: true }),
    // Answered by hand: each test decides what reaches the app first.
    connect: () => new Promise<ServerStatus>((resolve) => (answer = resolve)),
  });
  renderApp(api, { hash: '#/' });
  const opener = await screen.findByRole('button', { name: 'Enter API key for search' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'API key for search' });
  return {
    api,
    opener,
    dialog,
    name: () => within(screen.getByRole('listitem', { name: 'search' })).getByRole('link', { name: 'search' }),
    /** The service is ready on the core's side: a status call reads it so from now on. */
    ready: () => (truth = READY),
    answer: (status: ServerStatus) => answer(status),
    async store() {
      fireEvent.change(within(dialog).getByLabelText('API key'), { target: { value: 'sk-live-123' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Store and connect' }));
      await waitFor(() => expect(api.callsOf('connect')).toEqual([{ name: 'search' }]));
    },
  };
}

describe("focus after an API key's Store and connect, whatever order the status and the answer arrive in", () => {
  it('ends on the name when a status from before the connect answered arrives right after the answer', async () => {
    const t = await setUp();
    // Delivered as the answer is taken in, before anything is rendered: the row never lost its opener.
    // (In place before the dialog's call: the call reads its callee before it awaits the answer.)
    const upsert = Object.getOwnPropertyDescriptor(ServersStore.prototype, 'upsert')?.value as ServersStore['upsert'];
    let late = false;
    ServersStore.prototype.upsert = function (this: ServersStore, status: ServerStatus) {
      upsert.call(this, status);
      if (status.state === 'ready' && !late) {
        late = true;
        t.api.emit('serverState', STALE);
      }
    };
    try {
      await t.store();
      t.ready();
      await act(async () => {
        t.answer(READY);
        await drained();
      });
    } finally {
      Object.defineProperty(ServersStore.prototype, 'upsert', { value: upsert, writable: true, configurable: true });
    }
    expect(late).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(t.name());
    // The late status sends the app to read the status again: ready, the opener gone, focus stays.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Enter API key for search' })).toBeNull());
    act(() => t.api.emit('serverState', READY));
    expect(document.activeElement).toBe(t.name());
  });

  it('ends on the name when the ready status arrives before the answer', async () => {
    const t = await setUp();
    await t.store();
    t.ready();
    act(() => t.api.emit('serverState', READY));
    await waitFor(() => expect(t.opener.isConnected).toBe(false));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await act(async () => {
      t.answer(READY);
      await drained();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(t.name());
  });

  it('goes back to the opener on Cancel, and on to the name when a status then takes the opener away', async () => {
    const t = await setUp();
    fireEvent.click(within(t.dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(t.opener);
    // The key was given elsewhere (the CLI): the service turns ready and needs no key.
    t.ready();
    act(() => t.api.emit('serverState', READY));
    await waitFor(() => expect(t.opener.isConnected).toBe(false));
    expect(document.activeElement).toBe(t.name());
  });

  it('leaves focus where the person took it after Cancel when the opener goes later', async () => {
    const t = await setUp();
    fireEvent.click(within(t.dialog).getByRole('button', { name: 'Cancel' }));
    const restart = screen.getByRole('button', { name: 'Disable search' });
    restart.focus();
    t.ready();
    act(() => t.api.emit('serverState', READY));
    await waitFor(() => expect(t.opener.isConnected).toBe(false));
    expect(document.activeElement).toBe(restart);
  });
});
