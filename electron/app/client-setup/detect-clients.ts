import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ConnectClient } from '../../../shared/api';
import type { ClientContext } from './client-home';
import { clientLocation } from './client-locations';

async function isFolder(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The program's path on PATH, found by looking (never by running anything). */
async function onPath(program: string, ctx: ClientContext): Promise<string | undefined> {
  const dirs = (ctx.env['PATH'] ?? '').split(ctx.platform === 'win32' ? ';' : ':').filter((d) => d !== '' && path.isAbsolute(d));
  const names = ctx.platform === 'win32' ? [`${program}.cmd`, `${program}.exe`] : [program];
  for (const dir of dirs.slice(0, 200)) {
    for (const name of names) {
      const candidate = path.join(dir, name);
      try {
        await access(candidate, constants.X_OK);
        if (await isFile(candidate)) return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

const TILDE = (ctx: ClientContext, file: string) => (file.startsWith(ctx.home + path.sep) ? `~${file.slice(ctx.home.length)}` : file);

/** Whether a client is installed for this user, and the evidence in words. */
export async function detectClient(client: ConnectClient, ctx: ClientContext): Promise<{ detected: boolean; evidence?: string }> {
  const where = clientLocation(client, ctx);
  if (await isFile(where.file)) return { detected: true, evidence: `${TILDE(ctx, where.file)} exists` };
  for (const folder of where.folders) if (await isFolder(folder)) return { detected: true, evidence: `${TILDE(ctx, folder)} exists` };
  const program = await onPath(where.program, ctx);
  if (program !== undefined) return { detected: true, evidence: `${program} is installed` };
  return { detected: false };
}
