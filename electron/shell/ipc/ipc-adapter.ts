import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type { CallSender } from './call-handler';
import { CALL_CHANNEL, type CallReply } from './ipc-protocol';

/** What the call handler needs to know of an IPC event: the sending frame and its webContents. */
export function senderOf(event: Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>): CallSender {
  const frame = event.senderFrame;
  return { frame: { url: frame?.url, isMainFrame: frame !== null && frame.parent === null }, contentsId: event.sender.id };
}

/** `ipcMain.handle('cs:call')` with `handler`; returns the undo. */
export function registerCallChannel(ipcMain: IpcMain, handler: (sender: CallSender, request: unknown) => Promise<CallReply>): () => void {
  ipcMain.handle(CALL_CHANNEL, (event, request: unknown) => handler(senderOf(event), request));
  return () => ipcMain.removeHandler(CALL_CHANNEL);
}
