import type { Progress } from '@modelcontextprotocol/client';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { Cancellation } from './cancellation';
import type { CallProgress } from './types';

/** The error of a call its caller aborted: the caller's own CodedError reason, else a `timeout`. */
export function cancelledError(server: string, what: string, cancel: Cancellation | undefined): CodedError {
  const reason: unknown = cancel?.reason;
  if (reason instanceof CodedError) return reason;
  return new CodedError('timeout', redact(`${what} on "${server}" was cancelled by the caller`), {
    hint: 'retry the call if it is still needed',
    data: { cancelled: true },
  });
}

/**
 * Races `promise` against the signal; the promise still runs (a start is shared by other callers).
 * A value already there (a running server's connection) is returned as it is: no listener to add and remove.
 */
export function untilAborted<T>(promise: T | Promise<T>, cancel: Cancellation | undefined, onAbort: () => Error): T | Promise<T> {
  if (!cancel) return promise;
  if (cancel.aborted) return Promise.reject(onAbort());
  if (!(promise instanceof Promise)) return promise;
  return new Promise<T>((resolve, reject) => {
    const remove = cancel.onAbort(() => reject(onAbort()));
    promise.then(
      (value) => {
        remove();
        resolve(value);
      },
      (error: unknown) => {
        remove();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function progressOf(progress: Progress): CallProgress {
  const out: CallProgress = { progress: progress.progress };
  if (progress.total !== undefined) out.total = progress.total;
  if (progress.message !== undefined) out.message = progress.message;
  return out;
}

/** `_meta` on a request's params, when there is any. */
export function withMeta<P extends object>(params: P, meta: Record<string, unknown> | undefined): P {
  return meta === undefined ? params : { ...params, _meta: meta };
}
