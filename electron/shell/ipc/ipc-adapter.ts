import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import type { CallSender } from './call-handler';
import { CALL_CHANNEL, EVENT_READ_CHANNEL, SeqSchema, type CallReply } from './ipc-protocol';

/** What the call handler needs to know of an IPC event: the sending frame and its webContents. */
export function senderOf(event: Pick<IpcMainInvokeEvent | IpcMainEvent, 'senderFrame' | 'sender'>): CallSender {
  const frame = event.senderFrame;
  return { frame: { url: frame?.url, isMainFrame: frame !== null && frame.parent === null }, contentsId: event.sender.id };
}

/** `ipcMain.handle('cs:call')` with `handler`; returns the undo. */
export function registerCallChannel(ipcMain: IpcMain, handler: (sender: CallSender, request: unknown) => Promise<CallReply>): () => void {
  ipcMain.handle(CALL_CHANNEL, (event, request: unknown) => handler(senderOf(event), request));
  return () => ipcMain.removeHandler(CALL_CHANNEL);
}

/** `ipcMain.on('cs:event-read')`: hands `onRead` the sender and the number it read up to; returns the undo. */
export function registerReadChannel(ipcMain: Pick<IpcMain, 'on' | 'removeListener'>, onRead: (sender: CallSender, seq: number) => void): () => void {
  const listener = (event: IpcMainEvent, seq: unknown): void => {
    const parsed = SeqSchema.safeParse(seq);
    if (parsed.success) onRead(senderOf(event), parsed.data);
  };
  ipcMain.on(EVENT_READ_CHANNEL, listener);
  return () => ipcMain.removeListener(EVENT_READ_CHANNEL, listener);
}
