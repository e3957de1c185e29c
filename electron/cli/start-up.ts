import { CodedError } from '../../shared/errors';
import { readRuntimeFile, type RuntimeInfo } from '../app';

export interface LiveAppOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The app already running for this data directory: runtime.json names a live pid, and its App API
 * accepts the secret stored there (a reused pid or a stale file does not count).
 */
export async function findLiveApp(dataDir: string, options: LiveAppOptions = {}): Promise<RuntimeInfo | undefined> {
  const info = await readRuntimeFile(dataDir);
  if (!info) return undefined;
  try {
    const response = await (options.fetch ?? fetch)(`${info.origin}/api/bridgeInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${info.secret}` },
      body: '{}',
      signal: AbortSignal.timeout(options.timeoutMs ?? 2000),
    });
    await response.body?.cancel();
    return response.ok ? info : undefined;
  } catch {
    return undefined;
  }
}

export interface UiPortOptions {
  portFree: (port: number) => Promise<boolean>;
  log: (line: string) => void;
}

/** A port given with --port is kept or refused (exit 7); the default gives way to a free one when another program holds it. */
export async function chooseUiPort(given: number | undefined, fallback: number, options: UiPortOptions): Promise<number> {
  if (given !== undefined) {
    if (given === 0 || (await options.portFree(given))) return given;
    throw new CodedError('server_unavailable', `Port ${given} for the UI (given with --port) is in use by another program`, {
      hint: 'Stop that program, or choose another port with --port (leave it out to pick a free one)',
      data: { port: given },
    });
  }
  if (await options.portFree(fallback)) return fallback;
  options.log(`Port ${fallback} (the UI's default) is in use by another program; the UI takes a free port instead (see its address).`);
  return 0;
}
