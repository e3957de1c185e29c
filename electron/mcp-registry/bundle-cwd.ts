import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../../shared/config';
import { bundleFoldersOf } from './bundle-prune';

/**
 * The entry as it runs: an entry of a bundle installed before installs wrote `cwd` (it names exactly
 * one bundle folder and has no `cwd`) runs in that folder, as one installed now does. mcp.json is not
 * changed: what was approved stays as written, and a folder gone leaves the entry as it was.
 */
export async function withBundleCwd<T extends ServerConfig>(dataDir: string, config: T): Promise<T> {
  if (!('command' in config) || config.cwd !== undefined) return config;
  const [only, ...more] = bundleFoldersOf(dataDir, config);
  if (only === undefined || more.length > 0) return config;
  const folder = path.join(dataDir, 'bundles', only);
  const info = await lstat(folder).catch(() => undefined);
  return info?.isDirectory() ? { ...config, cwd: folder } : config;
}
