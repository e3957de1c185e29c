import type { Writable } from 'node:stream';
import { redact } from '../../shared/redact';
import { StdinWriteError } from './stdin-write-error';

/**
 * One framed message written to a server's stdin. Messages sent in one event-loop turn leave in one
 * write (uncorked after this turn's I/O callbacks, so agent requests read together share it): one
 * wake-up of the server and one syscall, not one per call. A failed write rejects only once `ended`
 * settles, so the caller can say how the server ended rather than "EPIPE".
 */
export function writeToStdin(stdin: Writable, line: string, server: string, ended: () => Promise<void>): Promise<void> {
  if (!stdin.writableCorked) {
    stdin.cork();
    setImmediate(() => stdin.uncork());
  }
  return new Promise((resolve, reject) => {
    stdin.write(line, (error) => {
      if (!error) return resolve();
      const failed = new StdinWriteError('server_unavailable', redact(`could not write to "${server}": ${error.message}`), {
        hint: 'the server closed its input or exited; retry the call',
        cause: error,
      });
      void ended().then(() => reject(failed));
    });
  });
}
