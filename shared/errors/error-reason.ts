import type { CodedError } from './coded-error';

/**
 * Why a `denied` is not a refusal: the two that ask the person to act, each with its own label
 * (the CLI prints it in place of the code; `data.reason` on the wire). The code and exit stay `denied`.
 */
export const ERROR_REASONS = {
  /** A widening from the command line waits for the person in the running app. */
  awaitingConfirmation: 'awaiting_confirmation',
  /** The vault keeps secrets only in memory (no keychain, no passphrase): what it would keep dies with the command. */
  vaultMemoryOnly: 'vault_memory_only',
} as const;
export type ErrorReason = (typeof ERROR_REASONS)[keyof typeof ERROR_REASONS];

const KNOWN: ReadonlySet<string> = new Set(Object.values(ERROR_REASONS));

/** The reason an error carries in `data.reason`, if it is one of ours. */
export function errorReason(error: CodedError): ErrorReason | undefined {
  const reason = error.data?.['reason'];
  return typeof reason === 'string' && KNOWN.has(reason) ? (reason as ErrorReason) : undefined;
}
