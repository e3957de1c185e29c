import { CodedError, errorMessage, isCodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';

export const DEFAULT_PROVIDER_TIMEOUT_MS = 5_000;

/**
 * Why `server_unavailable`: the keychain is a service outside the process that can be locked, busy or
 * gone, and trying again later (after unlocking it) may work; `internal` would claim a defect of ours.
 */
export function unavailable(label: string, detail: string, hint?: string): CodedError {
  return new CodedError('server_unavailable', `Vault locked or unavailable: ${detail}`, {
    hint:
      hint ??
      `Unlock the ${label} (log in to the desktop session) and try again; on a machine without a keychain set CONNECTED_SERVICES_PASSPHRASE.`,
    data: { provider: label },
  });
}

/**
 * Runs a key-provider call with a deadline. A call that hangs becomes a CodedError (never a hang);
 * its signal is aborted so the provider can stop (the keychain provider kills its child process).
 */
export async function boundedCall<T>(
  label: string,
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(unavailable(label, `the ${label} did not answer within ${formatSeconds(timeoutMs)}.`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(controller.signal), deadline]);
  } catch (error) {
    if (isCodedError(error)) throw error;
    const message = errorMessage(error);
    throw unavailable(label, `the ${label} failed: ${redact(message)}`);
  } finally {
    clearTimeout(timer);
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
