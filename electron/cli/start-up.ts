import { CodedError } from '../../shared/errors';
export { findLiveApp } from '../app';

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
