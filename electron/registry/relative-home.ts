import { isAbsolute, resolve } from 'node:path';
import { DATA_DIR_ENV } from './data-dir';

/**
 * A relative CONNECTED_SERVICES_HOME is the working directory's (docs/cli.md): a bridge an agent
 * starts elsewhere would use another folder, so the absolute one it stands for is said.
 * Undefined for an absolute or empty one.
 */
export function relativeHomeNote(fromEnv: string | undefined): string | undefined {
  const given = fromEnv?.trim();
  if (!given || isAbsolute(given)) return undefined;
  return `note: ${DATA_DIR_ENV} is a relative path (${given}): using ${resolve(given)}, the working directory's. Give an absolute path so every client uses this one folder.`;
}
