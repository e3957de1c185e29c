import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';

/**
 * The error of a call whose own timeout passed while its server was still starting (`renewing`: a new
 * HTTP session, the last one having expired): the start is not the call's alone (other calls wait on
 * it, the next one finds it ready), so it goes on.
 */
export function stillStarting(server: string, what: string, timeoutMs: number, renewing = false): CodedError {
  const seconds = timeoutMs / 1000;
  const doing = renewing ? 'starting a new session' : 'starting';
  return new CodedError('timeout', redact(`${what} on "${server}" did not answer within ${seconds} s: "${server}" was still ${doing}`), {
    hint: `this call gave itself ${seconds} s: retry with a longer timeout (\`call --timeout MS\`, a program's timeoutMs), one its server's start fits in as well`,
    data: { starting: true },
  });
}

/**
 * `start` within `timeoutMs` (none: as long as the start takes), else `late()`'s error; the start
 * itself runs on. No timer when there is nothing to wait for.
 */
export function startWithin<T>(start: T | Promise<T>, timeoutMs: number | undefined, late: () => Error): T | Promise<T> {
  if (timeoutMs === undefined || !(start instanceof Promise)) return start;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(late()), timeoutMs);
    start.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
