import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

/** Whether `command` is an executable file in one of PATH's folders (what spawn would find). */
export async function onPath(command: string, env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const folders = (env['PATH'] ?? '').split(path.delimiter).filter(Boolean);
  const names = platform === 'win32' ? (env['PATHEXT'] ?? '.EXE;.CMD;.BAT').split(';').map((ext) => `${command}${ext.toLowerCase()}`) : [command];
  for (const folder of folders) {
    for (const name of names) {
      try {
        await access(path.join(folder, name), constants.X_OK);
        return true;
      } catch {
        // not here
      }
    }
  }
  return false;
}
