import { isAbsolute, resolve } from 'node:path';
import { API_METHODS, type ApiMethod, type AppApi } from '../../shared/api';
import { anchoredEntry } from '../cli';
import type { ServerEntry } from './types';

/*
 * A relative path a program gives means its own folder, as a path typed to a command means the
 * terminal's: through an app it would otherwise be read against the app's folder (the desktop app's
 * is `/` or the home folder), and another program than the one meant could run or be read.
 */

/** The servers declared in code with a relative `cwd` made absolute, and the program's folder recorded where the command names a relative path. */
export function anchoredServers(servers: Record<string, ServerEntry>, base = process.cwd()): Record<string, ServerEntry> {
  return Object.fromEntries(Object.entries(servers).map(([name, entry]) => [name, anchoredEntry(entry, base)]));
}

/** The App API with the entries and file paths a program sends (parsed already) made absolute against its folder first. */
export function withProgramPaths(api: AppApi, base = process.cwd()): AppApi {
  const out: Record<string, unknown> = { on: api.on.bind(api) };
  for (const method of Object.keys(API_METHODS) as ApiMethod[]) {
    out[method] = (input: unknown) => (api[method] as (input: unknown) => Promise<unknown>)(input);
  }
  const anchored: Pick<AppApi, 'importConfig' | 'addServer' | 'updateServer'> = {
    importConfig: (input) => api.importConfig(input.path !== undefined && input.path !== '' && !isAbsolute(input.path) ? { ...input, path: resolve(base, input.path) } : input),
    addServer: (input) => api.addServer({ ...input, config: anchoredEntry(input.config, base) }),
    updateServer: (input) => api.updateServer({ ...input, config: anchoredEntry(input.config, base) }),
  };
  return { ...(out as unknown as AppApi), ...anchored };
}
