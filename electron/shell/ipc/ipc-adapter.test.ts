import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../../test/support/fake-app-api';
import { createCallHandler } from './call-handler';
import { registerCallChannel, senderOf } from './ipc-adapter';
import type { CallReply } from './ipc-protocol';
import { createApiDoor } from '../../app';

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<CallReply>;

/** An ipcMain that keeps the handler so a test can invoke it with the events Electron would pass. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipc = {
    handle: (channel: string, listener: Listener) => handlers.set(channel, listener),
    removeHandler: (channel: string) => handlers.delete(channel),
  };
  return { ipc: ipc as unknown as IpcMain, handlers };
}

function fakeEvent(frame: { url: string; parent: object | null } | null, contentsId: number): IpcMainInvokeEvent {
  return { senderFrame: frame, sender: { id: contentsId } } as unknown as IpcMainInvokeEvent;
}

const TOP = { url: 'app://connected-services/index.html#/', parent: null };

describe('cs:call over a fake ipcMain', () => {
  it('reads the sending frame and webContents of an IPC event', () => {
    expect(senderOf(fakeEvent(TOP, 3))).toEqual({ frame: { url: TOP.url, isMainFrame: true }, contentsId: 3 });
    expect(senderOf(fakeEvent({ url: TOP.url, parent: TOP }, 3)).frame.isMainFrame).toBe(false);
    expect(senderOf(fakeEvent(null, 3)).frame).toEqual({ url: undefined, isMainFrame: false });
  });

  it('answers the window main frame and refuses an iframe, a foreign page and a gone frame', async () => {
    const api = createFakeApi({ listAgents: () => [], removeAgent: () => ({ ok: true }) });
    const { ipc, handlers } = fakeIpcMain();
    const undo = registerCallChannel(ipc, createCallHandler({ door: createApiDoor({ api, admin: { record: (e) => ({ ...e, id: 'x', time: 0 }) } }), isOurContents: (id) => id === 1 }));
    const invoke = handlers.get('cs:call');
    if (!invoke) throw new Error('cs:call was not registered');

    expect(await invoke(fakeEvent(TOP, 1), { method: 'listAgents', input: {} })).toEqual({ ok: true, result: [] });
    const refused = [
      fakeEvent({ url: 'app://connected-services/index.html', parent: TOP }, 1),
      fakeEvent({ url: 'https://attacker.example/', parent: TOP }, 1),
      fakeEvent({ url: 'https://attacker.example/', parent: null }, 1),
      fakeEvent(TOP, 2),
      fakeEvent(null, 1),
    ];
    for (const event of refused) {
      expect(await invoke(event, { method: 'removeAgent', input: { name: 'claude' } })).toMatchObject({ ok: false, error: { code: 'denied' } });
    }
    expect(api.callsOf('removeAgent')).toEqual([]);
    expect(api.callsOf('listAgents')).toHaveLength(1);

    undo();
    expect(handlers.has('cs:call')).toBe(false);
  });
});
