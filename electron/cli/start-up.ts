import { DEFAULT_UI_PORT } from '../../shared/config';
import { CodedError } from '../../shared/errors';
export { findLiveApp } from '../app';

export interface UiPortOptions {
  portFree: (port: number) => Promise<boolean>;
}

/**
 * Without --port the UI takes a free port (a new origin each run: shared/config/schema.ts). A port
 * given with --port is kept or refused (exit 7).
 */
export async function chooseUiPort(given: number | undefined, options: UiPortOptions): Promise<number> {
  if (given === undefined || given === 0) return DEFAULT_UI_PORT;
  if (await options.portFree(given)) return given;
  throw new CodedError('server_unavailable', `Port ${given} for the UI (given with --port) is in use by another program`, {
    hint: 'Stop that program, or choose another port with --port (leave it out to pick a free one)',
    data: { port: given },
  });
}
