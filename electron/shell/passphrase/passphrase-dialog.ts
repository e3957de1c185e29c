import { BrowserWindow, ipcMain, type NativeImage } from 'electron';
import { existsSync } from 'node:fs';
import { CodedError, errorMessage } from '../../../shared/errors';
import { PASSPHRASE_HOST, PASSPHRASE_ORIGIN } from '../app-identity';
import { PASSPHRASE_CHANNEL } from '../ipc/ipc-protocol';
import { senderOf } from '../ipc/ipc-adapter';
import { isTrustedSender } from '../ipc/trusted-sender';
import { hardenContents } from '../window/harden-contents';
import { webPreferences } from '../window/window-options';
import { judgePassphraseMessage, passphraseMode, type PassphraseMode, type PassphraseReply } from './passphrase-rules';

export interface PassphraseDialogOptions {
  /** The dialog's own preload (dist/shell-passphrase-preload.cjs): submit and cancel, nothing else. */
  preloadPath: string;
  /** vault.enc: present means unlock, absent means choose a passphrase for a new vault. */
  vaultFile: string;
  icon: NativeImage;
  log: (line: string) => void;
}

export interface PassphraseDialog {
  /** For createCore's passphrasePrompt. Concurrent asks share one dialog. */
  prompt(): Promise<string>;
  close(): void;
}

interface Pending {
  window: BrowserWindow;
  mode: PassphraseMode;
  promise: Promise<string>;
  resolve: (passphrase: string) => void;
  reject: (error: Error) => void;
}

function notEntered(): CodedError {
  return new CodedError('auth_required', 'The vault stays locked: no passphrase was entered.', {
    hint: 'Use anything that needs a stored credential to be asked again, or set CONNECTED_SERVICES_PASSPHRASE.',
  });
}

/** The app's own passphrase dialog, for machines without an OS keychain. */
export function createPassphraseDialog(options: PassphraseDialogOptions): PassphraseDialog {
  let pending: Pending | undefined;

  const settle = (outcome: { passphrase: string } | { error: Error }): void => {
    const current = pending;
    if (!current) return;
    pending = undefined;
    if ('passphrase' in outcome) current.resolve(outcome.passphrase);
    else current.reject(outcome.error);
    if (!current.window.isDestroyed()) current.window.destroy();
  };

  ipcMain.handle(PASSPHRASE_CHANNEL, (event, message: unknown): PassphraseReply => {
    const sender = senderOf(event);
    if (!pending || sender.contentsId !== pending.window.webContents.id || !isTrustedSender(sender.frame, PASSPHRASE_HOST)) {
      options.log('refused a passphrase message from a page that is not the passphrase dialog');
      return { ok: false, message: 'Not accepted from this page.' };
    }
    const { reply, outcome } = judgePassphraseMessage(message, pending.mode);
    if (outcome?.type === 'submit') settle({ passphrase: outcome.passphrase });
    else if (outcome?.type === 'cancel') settle({ error: notEntered() });
    return reply;
  });

  return {
    prompt() {
      if (pending) return pending.promise;
      const mode = passphraseMode(existsSync(options.vaultFile));
      const window = new BrowserWindow({
        width: 460,
        height: mode === 'create' ? 380 : 300,
        resizable: false,
        minimizable: false,
        maximizable: false,
        fullscreenable: false,
        autoHideMenuBar: true,
        title: mode === 'create' ? 'Choose a vault passphrase' : 'Unlock Connected Services',
        icon: options.icon,
        show: false,
        webPreferences: webPreferences(options.preloadPath),
      });
      hardenContents(window.webContents, { host: PASSPHRASE_HOST, log: options.log });
      let resolve: (passphrase: string) => void = () => undefined;
      let reject: (error: Error) => void = () => undefined;
      const promise = new Promise<string>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      pending = { window, mode, promise, resolve, reject };
      window.once('ready-to-show', () => {
        window.show();
        window.focus();
      });
      window.on('closed', () => {
        if (pending?.window === window) settle({ error: notEntered() });
      });
      window.loadURL(`${PASSPHRASE_ORIGIN}/index.html?mode=${mode}`).catch((error: unknown) => {
        options.log(`the passphrase dialog did not load: ${errorMessage(error)}`);
        if (pending?.window === window) settle({ error: notEntered() });
      });
      return promise;
    },
    close() {
      settle({ error: notEntered() });
      ipcMain.removeHandler(PASSPHRASE_CHANNEL);
    },
  };
}
