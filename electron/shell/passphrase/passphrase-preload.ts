import { contextBridge, ipcRenderer } from 'electron';
import { PASSPHRASE_CHANNEL } from '../ipc/ipc-channels';

// The passphrase dialog's only capability: hand the passphrase (or a cancel) to the main process.
contextBridge.exposeInMainWorld('vaultPassphrase', {
  submit: (passphrase: unknown, confirm: unknown): Promise<unknown> =>
    ipcRenderer.invoke(PASSPHRASE_CHANNEL, confirm === undefined ? { action: 'submit', passphrase } : { action: 'submit', passphrase, confirm }),
  cancel: (): Promise<unknown> => ipcRenderer.invoke(PASSPHRASE_CHANNEL, { action: 'cancel' }),
});
