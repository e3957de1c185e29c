import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TrayModel } from './tray/tray-model';

export const TRAY_FILE_ENV = 'CONNECTED_SERVICES_TEST_TRAY_FILE';

/**
 * For the end-to-end test: where the tray model is written each time it changes. Only for an
 * unpackaged app and an absolute path; a packaged app never writes it.
 */
export function trayModelSink(env: Record<string, string | undefined>, isPackaged: boolean): ((model: TrayModel) => void) | undefined {
  const file = env[TRAY_FILE_ENV];
  if (isPackaged || !file || !path.isAbsolute(file)) return undefined;
  return (model) => {
    const temp = `${file}.tmp`;
    writeFileSync(temp, JSON.stringify(model));
    renameSync(temp, file);
  };
}
