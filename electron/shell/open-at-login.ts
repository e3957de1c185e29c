import { app } from 'electron';
import { homedir } from 'node:os';
import { applyLoginItem } from './login-item/apply-login-item';
import { loginItemPlan, loginLaunch } from './login-item/login-item';
import { writeShellSettings } from './login-item/settings-file';
import { log, message, type ShellState } from './shell-state';

/** Saves "Start at login" and registers (or removes) the login item; a failure is logged, not thrown. */
export async function setOpenAtLogin(shell: ShellState, enabled: boolean): Promise<void> {
  try {
    await writeShellSettings(shell.coreEnv.dataDir, { ...shell.settings, openAtLogin: enabled });
    const launch = loginLaunch({ execPath: process.execPath, appPath: app.getAppPath(), isPackaged: app.isPackaged, env: shell.coreEnv.env });
    await applyLoginItem(loginItemPlan(enabled, { platform: process.platform, launch, homeDir: homedir(), env: shell.coreEnv.env }));
  } catch (error) {
    log(`changing "Start at login" failed: ${message(error)}`);
  }
}
