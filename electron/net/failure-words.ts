import { errorMessage } from '../../shared/errors';
import { terminalSafe } from '../../shared/text';
import { errorChain, networkFailure } from './network-failure';

export interface FailureWords {
  /** Node's or undici's code when it is one of the network's (`ENOTFOUND`). */
  code?: string;
  /** What went wrong, in words: never fetch's bare "fetch failed". */
  words: string;
  /** To follow "Could not reach X": ` (ECONNREFUSED): nothing answers there`, or `: ` and the words. */
  tail: string;
  /** The host name did not resolve: the fix is in the address, or in the network. */
  dns: boolean;
  /** fetch refused the port outright: the fix is another port. */
  blockedPort: boolean;
}

/** undici's reason when fetch refuses a port outright (Fetch Standard §2.9 "port blocking": 1, 9, 6000, …). */
export const FETCH_BAD_PORT = 'bad port';

/**
 * Why a request got no answer, said for a person: a network code with what it means, else the
 * error under fetch's "fetch failed" (a TLS failure says itself there), else the error's own text.
 */
export function failureWords(error: unknown): FailureWords {
  const network = networkFailure(error);
  if (network !== undefined) {
    const { code, meaning } = network;
    return { code, words: meaning, tail: ` (${code}): ${meaning}`, dns: code === 'ENOTFOUND' || code === 'EAI_AGAIN', blockedPort: false };
  }
  const errors = errorChain(error);
  const failed = errors.findIndex((e) => e instanceof TypeError && e.message === 'fetch failed');
  const under = failed === -1 ? undefined : errors[failed + 1];
  if (under?.message === FETCH_BAD_PORT) {
    const words = 'fetch never connects to this port, one the Fetch Standard blocks';
    return { words, tail: ` (${FETCH_BAD_PORT}): ${words}`, dns: false, blockedPort: true };
  }
  const said = under === undefined ? errorMessage(error) : under.message;
  const words = terminalSafe(said.slice(0, 300));
  return { words, tail: `: ${words}`, dns: false, blockedPort: false };
}
