import { homedir } from 'node:os';
import path from 'node:path';

export interface ClientContext {
  /** The person's home folder: every client file must stay inside it. */
  home: string;
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** The account whose folders a client file may be in; default this process's (none on Windows). */
  uid?: number;
}

/** The home folder as `HOME` says (so tests and sandboxes can move it), else the OS's answer. */
export function userHome(env: Record<string, string | undefined> = process.env, platform: NodeJS.Platform = process.platform): string {
  const given = platform === 'win32' ? env['USERPROFILE'] : env['HOME'];
  return given !== undefined && given.trim() !== '' && path.isAbsolute(given) ? given : homedir();
}

export function clientContext(env: Record<string, string | undefined> = process.env, platform: NodeJS.Platform = process.platform): ClientContext {
  return { home: userHome(env, platform), platform, env };
}
