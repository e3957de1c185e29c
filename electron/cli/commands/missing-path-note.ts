import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { isStdio, type ServerConfig } from '../../../shared/config';
import type { Output } from '../output';

/** A path the entry names, where it is looked for: a command with a slash (a bare name is found on PATH) and the folder it runs in. */
function namedPaths(config: ServerConfig): string[] {
  if (!isStdio(config)) return [];
  const paths: string[] = [];
  if (config.cwd !== undefined && isAbsolute(config.cwd)) paths.push(config.cwd);
  if (config.command.includes('/')) paths.push(isAbsolute(config.command) ? config.command : resolve(config.cwd ?? process.cwd(), config.command));
  // A reference (`${secret:…}`, `~`) is resolved when the server starts, not here.
  return paths.filter((path) => !path.includes('${') && !path.startsWith('~'));
}

/**
 * Says on stderr that a program or folder the entry names is not there. Added anyway: it may be
 * installed after; but a typo would otherwise show only when the server fails to start.
 */
export function noteMissingPaths(output: Output, config: ServerConfig): void {
  for (const path of namedPaths(config)) {
    if (!existsSync(path)) output.err(`note: ${path} does not exist (yet): the server cannot start until it does (\`connected-services doctor\` checks it)`);
  }
}
